/**
 * Second step of `npm run build:web`: renders the landing page to static HTML so its headline, blurbs
 * and plans paint before (and without) JavaScript, then hydrates in the browser (web/src/main.tsx).
 *
 *   web/dist/index.html  the landing page, prerendered, with its stylesheets linked and its chunk
 *                        preloaded: served for `/` only
 *   web/dist/app.html    the empty app shell vite built: served for every other client-side route
 *                        (local/static-files.ts, the CloudFront Function in infra/constructs/web.construct.ts),
 *                        so /dashboard never flashes the landing page
 *
 * The server entry (entry-server.tsx) is built with vite's SSR build into a temporary folder (web/.prerender-*), loaded,
 * rendered, and thrown away. `--outDir <dir>` prerenders another client build (default web/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { COLOR_SCHEME_SCRIPT, EARLY_CLICKS_SCRIPT } from '../../shared/landing-head-scripts';
import { SPA_SHELL_FILE } from '../../shared/web-serving';
import type { RuntimeConfig } from '../../shared/runtime-config';

const WEB = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const LANDING_SOURCE = 'src/app/routes/landing.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** Placeholder values: the landing page renders nothing from them (the browser loads /config.json). */
const PRERENDER_CONFIG: RuntimeConfig = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'prerender',
  userPoolClientId: 'prerender',
  authFlow: 'USER_SRP_AUTH',
  apiOrigin: '',
};

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/**
 * The landing page's document: vite's shell with the rendered app in #root and every stylesheet the
 * page needs inline (the entry's, then the landing chunk's), so the first paint waits on the HTML alone.
 * The landing chunk's sheets stay linked but `disabled` (not fetched): vite's loader sees them in the
 * page and does not fetch them again when the chunk loads. The head's two inline scripts come first:
 * the colour scheme before anything paints, and the hold on clicks made before the page hydrates.
 */
export function landingDocument(
  shell: string,
  appHtml: string,
  landingCss: string[],
  read: (file: string) => string,
): string {
  const entryCss = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  const ownCss = landingCss.filter((f) => !entryCss.some((m) => m[1] === f));
  const sheets = [...entryCss.map((m) => m[1]!), ...ownCss];
  const head = [
    `<script>${COLOR_SCHEME_SCRIPT}</script>`,
    `<script>${EARLY_CLICKS_SCRIPT}</script>`,
    ...sheets.map(
      (file) => `<style data-href="/${file}">${read(file).replace(/<\/style/gi, '<\\/style')}</style>`,
    ),
    ...ownCss.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
  ].join('\n    ');
  let doc = shell;
  for (const m of entryCss) doc = doc.replace(m[0], '');
  if (!doc.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  // Mantine's colours hang off this attribute; without JavaScript nothing else sets it (light, as
  // Mantine's own server rendering does). The colour-scheme script replaces it before the first paint.
  if (!doc.includes('<html lang="en">')) throw new Error('index.html has no <html lang="en">');
  return doc
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace('</title>', `</title>\n    ${head}`)
    .replace('<div id="root"></div>', `<div id="root">${appHtml}</div>`);
}

/** The landing chunk's stylesheets and the JavaScript it imports statically, from vite's manifest. */
export function landingAssets(manifest: Record<string, ManifestChunk>): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(LANDING_SOURCE);
  if (js.size === 0) throw new Error(`${LANDING_SOURCE} is not in the vite manifest`);
  return { css: [...css], js: [...js] };
}

async function main() {
  const outDir = path.resolve(argValue('--outDir') ?? path.join(WEB, 'dist'));
  const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

  // Inside the repository, so the server bundle's bare imports (react, @mantine/core) resolve.
  const ssrDir = fs.mkdtempSync(path.join(WEB, '.prerender-'));
  try {
    await build({
      configFile: path.join(WEB, 'vite.config.ts'),
      logLevel: 'warn',
      build: {
        ssr: 'prerender/entry-server.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        sourcemap: false,
        manifest: false,
        rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
      },
    });
    const { renderLanding } = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.mjs')).href)) as {
      renderLanding: (config: RuntimeConfig) => Promise<string>;
    };
    const html = await renderLanding(PRERENDER_CONFIG);

    const landing = landingDocument(shell, html, landingAssets(manifest).css, (file) =>
      fs.readFileSync(path.join(outDir, file), 'utf8'),
    );
    fs.writeFileSync(path.join(outDir, SPA_SHELL_FILE), shell);
    fs.writeFileSync(path.join(outDir, 'index.html'), landing);
    console.log(
      `Prerendered / into index.html (${(landing.length / 1024).toFixed(1)} KB, its CSS inline); ` +
        `the app shell is ${SPA_SHELL_FILE}`,
    );
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
