import { MESSAGES } from '../../../shared/messages';

/**
 * Mounting the app (spec §2, §9): when it fails it is retried up to 3 times, 1 second apart; after
 * that the failure message is shown. Mounting includes loading /config.json, so a server that is
 * briefly unavailable does not leave a blank page.
 */
export const MOUNT_RETRIES = 3;
export const MOUNT_RETRY_DELAY_MS = 1000;

export interface MountRetryOptions {
  retries?: number;
  delayMs?: number;
  /** Called once every attempt has failed, with the last error. */
  onGiveUp: (error: unknown) => void;
  onAttemptFailed?: (error: unknown, attempt: number) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves true once `mount` succeeds, false after the first attempt and every retry have failed. */
export async function mountWithRetry(
  mount: () => void | Promise<void>,
  options: MountRetryOptions,
): Promise<boolean> {
  const retries = options.retries ?? MOUNT_RETRIES;
  const delayMs = options.delayMs ?? MOUNT_RETRY_DELAY_MS;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await wait(delayMs);
    try {
      await mount();
      return true;
    } catch (error) {
      lastError = error;
      options.onAttemptFailed?.(error, attempt + 1);
    }
  }
  options.onGiveUp(lastError);
  return false;
}

/** Plain DOM on purpose: React itself may be what failed. */
export function showMountFailure(container: HTMLElement): void {
  container.replaceChildren();
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'max-width:36rem;margin:4rem auto;padding:1.5rem;font:16px/1.5 system-ui,sans-serif;';
  box.textContent = MESSAGES.appFailedToLoad;
  container.appendChild(box);
}
