/**
 * The inline script in the prerendered landing page's head (web/prerender/): it sets Mantine's
 * `data-mantine-color-scheme` before the first paint, so a dark-mode visitor never sees the light page
 * while the JavaScript loads. Same rule as web/src/lib/color-scheme.ts (the stored light/dark choice,
 * otherwise the system preference). The Content-Security-Policy allows exactly this text by its hash
 * (shared/security-headers.ts); test/unit/shared/color-scheme-script.test.ts keeps the two together.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'raincheck.colorScheme';

export const COLOR_SCHEME_SCRIPT =
  `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});` +
  `document.documentElement.setAttribute('data-mantine-color-scheme',s==='light'||s==='dark'?s:` +
  `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')}catch(e){}`;

/** `'sha256-…'` of COLOR_SCHEME_SCRIPT, for script-src. */
export const COLOR_SCHEME_SCRIPT_HASH = 'sha256-Tr3z1LhYfS80ecfe9VrFTTDoEInHRf2+lLcFVyGfMpI=';
