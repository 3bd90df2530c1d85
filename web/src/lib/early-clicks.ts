import { RELEASE_EARLY_CLICKS } from '../../../shared/landing-head-scripts';

/**
 * The prerendered landing page holds a click made before it hydrated (shared/landing-head-scripts.ts);
 * the landing page calls this once it is interactive, and the held click is made again. A no-op when
 * the page was not prerendered (the landing page reached from another route).
 */
export function releaseEarlyClicks(): void {
  const release = (window as unknown as Record<string, unknown>)[RELEASE_EARLY_CLICKS];
  if (typeof release === 'function') (release as () => void)();
}
