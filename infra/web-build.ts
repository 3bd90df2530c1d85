import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Returns the folder of the built SPA, building it first when there is none. An existing build is used as
 * is: run `npm run build:web` before a deploy that should ship SPA changes (docs/operations.md).
 */
export function ensureWebBuild(projectRoot: string): string {
  const dist = path.join(projectRoot, 'web', 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    process.stderr.write('web/dist/index.html is missing: building the SPA (vite build)…\n');
    // Vite's output goes to stderr: the CDK CLI may print the template on stdout.
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], {
      cwd: projectRoot,
      stdio: ['ignore', process.stderr, process.stderr],
    });
  }
  return dist;
}
