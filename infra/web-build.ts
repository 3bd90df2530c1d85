import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SPA_SHELL_FILE } from '../shared/web-serving';

/**
 * Returns the folder of the built SPA, building it first when there is none. An existing build is used as
 * is: run `npm run build:web` before a deploy that should ship SPA changes (docs/operations.md).
 */
export function ensureWebBuild(projectRoot: string): string {
  const dist = path.join(projectRoot, 'web', 'dist');
  // app.html comes from the prerender step: a dist without it predates it (or is a bare `vite build`).
  if (!fs.existsSync(path.join(dist, SPA_SHELL_FILE))) {
    process.stderr.write(`web/dist/${SPA_SHELL_FILE} is missing: building the SPA (npm run build:web)…\n`);
    // Vite's output goes to stderr: the CDK CLI may print the template on stdout.
    execFileSync('npm', ['run', '--silent', 'build:web'], {
      cwd: projectRoot,
      stdio: ['ignore', process.stderr, process.stderr],
    });
  }
  return dist;
}
