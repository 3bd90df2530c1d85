/**
 * How much JavaScript and CSS the landing page makes a visitor download, gzipped, measured in a real
 * browser against the local stack: every script and stylesheet response while `/` loads and settles,
 * compared with the budgets in shared/budgets.ts. The baseline, measured in the same run, is all the
 * JavaScript the SPA build contains; the ratio shows how much of the app the landing route avoids.
 *
 *   npm run build:web && npx tsx bench/landing-bundle-size.ts
 *
 * RAINCHECK_WEB_DIST picks another build folder, RAINCHECK_BENCH_PORT another port. Over budget is
 * reported, not fatal: the run always prints its figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { LANDING_BUDGETS } from '../shared/budgets';
import { startTestStack } from '../test/support/stack-process';
import e2eConfig from '../test/e2e/playwright.config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  // The stack serves RAINCHECK_WEB_DIST when set (local/settings.ts); measure the same build.
  const dist = process.env.RAINCHECK_WEB_DIST ?? path.join(ROOT, 'web/dist');
  const assets = path.join(dist, 'assets');
  if (!fs.existsSync(assets)) throw new Error('Build the SPA first: npm run build:web');
  const allJs = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  const baseline = allJs.reduce((sum, f) => sum + gzipSize(fs.readFileSync(path.join(assets, f))), 0);

  const { info, stop } = await startTestStack(ROOT, {
    RAINCHECK_PORT: process.env.RAINCHECK_BENCH_PORT ?? '3320',
  });
  // The Debian Chromium the e2e suite drives, launched with the same flags.
  const browser = await chromium.launch(e2eConfig.use?.launchOptions);
  try {
    const page = await browser.newPage();
    // Bodies as the browser decodes them, gzipped here (level 9): independent of what the server sends.
    const loaded = { js: new Map<string, number>(), css: new Map<string, number>() };
    page.on('response', async (res) => {
      const url = new URL(res.url());
      const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
      if (!kind) return;
      const body = await res.body().catch(() => null);
      if (body) loaded[kind].set(url.pathname, gzipSize(body));
    });
    await page.goto(`${info.appUrl}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    // The prerendered page carries its stylesheets inline (web/prerender/): each `<style data-href>`
    // counts as the file it stands for.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-href]')].map((el) => ({
        file: el.getAttribute('data-href') ?? '',
        text: el.textContent ?? '',
      })),
    );
    for (const { file, text } of inline) {
      if (!loaded.css.has(file)) loaded.css.set(`${file} (inline)`, gzipSize(Buffer.from(text, 'utf8')));
    }
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    const landing = total(loaded.js);
    const css = total(loaded.css);
    const verdict = (bytes: number, budget: number) =>
      `${bytes <= budget ? 'within' : 'OVER'} budget ${kb(budget)}`;
    const list = (m: Map<string, number>) => {
      for (const [file, size] of [...m.entries()].sort((a, b) => b[1] - a[1])) {
        console.log(`  ${kb(size).padStart(9)}  ${path.basename(file)}`);
      }
    };
    console.log(
      `Landing page JS (gzip): ${kb(landing)} in ${loaded.js.size} files, ${verdict(landing, LANDING_BUDGETS.jsGzipBytes)}`,
    );
    list(loaded.js);
    console.log(
      `Landing page CSS (gzip): ${kb(css)} in ${loaded.css.size} files, ${verdict(css, LANDING_BUDGETS.cssGzipBytes)}`,
    );
    list(loaded.css);
    console.log(`Whole SPA JS (gzip, baseline): ${kb(baseline)} in ${allJs.length} files`);
    console.log(`Ratio landing / whole SPA: ${(landing / baseline).toFixed(2)}`);
    console.log(
      JSON.stringify({
        landingGzipBytes: landing,
        landingCssGzipBytes: css,
        spaGzipBytes: baseline,
        ratio: landing / baseline,
        budgets: LANDING_BUDGETS,
      }),
    );
  } finally {
    await browser.close();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
