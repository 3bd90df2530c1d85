/**
 * The two inline scripts in the prerendered landing page's head (web/prerender/). The
 * Content-Security-Policy allows exactly these texts by their hashes (shared/security-headers.ts);
 * test/unit/shared/landing-head-scripts.test.ts keeps texts and hashes together.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'raincheck.colorScheme';

/**
 * Sets Mantine's `data-mantine-color-scheme` before the first paint, so a dark-mode visitor never sees
 * the light page while the JavaScript loads. Same rule as web/src/lib/color-scheme.ts (the stored
 * light/dark choice, otherwise the system preference).
 */
export const COLOR_SCHEME_SCRIPT =
  `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});` +
  `document.documentElement.setAttribute('data-mantine-color-scheme',s==='light'||s==='dark'?s:` +
  `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')}catch(e){}`;

/** `'sha256-…'` of COLOR_SCHEME_SCRIPT, for script-src. */
export const COLOR_SCHEME_SCRIPT_HASH = 'sha256-Tr3z1LhYfS80ecfe9VrFTTDoEInHRf2+lLcFVyGfMpI=';

/** What the app calls once the landing page has hydrated (web/src/lib/early-clicks.ts). */
export const RELEASE_EARLY_CLICKS = '__raincheckReleaseEarlyClicks';

/**
 * The prerendered page shows its buttons before their handlers exist: a click then would be lost. This
 * holds the clicks on buttons and labels (the billing-cycle switch) made until the page has hydrated,
 * then makes them again in order, one task apart so each sees the state the one before it set (Annual,
 * then Choose Premium, must start the annual plan). At most 5 are kept. Links are left alone: they work
 * without JavaScript.
 */
export const EARLY_CLICKS_SCRIPT =
  `(function(){var held=[];function hold(e){var t=e.target&&e.target.closest&&e.target.closest('button,label');` +
  `if(!t)return;e.preventDefault();e.stopPropagation();held.push(t);if(held.length>5)held.shift()}` +
  `document.addEventListener('click',hold,true);` +
  `window.${RELEASE_EARLY_CLICKS}=function(){document.removeEventListener('click',hold,true);` +
  `window.${RELEASE_EARLY_CLICKS}=function(){};var queue=held;held=[];(function next(){var t=queue.shift();` +
  `if(!t)return;if(t.isConnected)t.click();if(queue.length)setTimeout(next,0)})()}})()`;

/** `'sha256-…'` of EARLY_CLICKS_SCRIPT, for script-src. */
export const EARLY_CLICKS_SCRIPT_HASH = 'sha256-LMdWxJkTrpQasmdX1NFTLok9pl+eWTa8hKd+FPNor74=';
