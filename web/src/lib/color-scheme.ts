import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { COLOR_SCHEME_STORAGE_KEY } from '../../../shared/landing-head-scripts';

/**
 * Dark mode (spec §4): the user's choice is stored; with no stored choice the app follows the system
 * preference, including changes while it is open. Mantine does the following when the scheme is 'auto';
 * this module decides what is stored and what 'auto' means.
 */
export { COLOR_SCHEME_STORAGE_KEY };

export type StoredColorScheme = 'light' | 'dark';

export function parseStoredColorScheme(value: string | null | undefined): StoredColorScheme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** What the screen shows: the stored choice when there is one, otherwise the system preference. */
export function resolveColorScheme(
  stored: StoredColorScheme | null,
  systemPrefersDark: boolean,
): StoredColorScheme {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredColorScheme(storage: Storage | null = safeStorage()): StoredColorScheme | null {
  try {
    return parseStoredColorScheme(storage?.getItem(COLOR_SCHEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * Mantine's colour-scheme manager over localStorage. Only an explicit light/dark choice is stored;
 * choosing 'auto' (System) removes it, so the app goes back to following the system. A choice made
 * in another tab applies here too.
 */
export function createColorSchemeManager(storage: Storage | null = safeStorage()): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => readStoredColorScheme(storage) ?? defaultValue,
    set: (value: MantineColorScheme) => {
      try {
        if (value === 'auto') storage?.removeItem(COLOR_SCHEME_STORAGE_KEY);
        else storage?.setItem(COLOR_SCHEME_STORAGE_KEY, value);
      } catch {
        // Storage can be full or blocked (private mode); the choice then lasts for this page only.
      }
    },
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.key !== COLOR_SCHEME_STORAGE_KEY) return;
        onUpdate(parseStoredColorScheme(event.newValue) ?? 'auto');
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = null;
    },
    clear: () => {
      try {
        storage?.removeItem(COLOR_SCHEME_STORAGE_KEY);
      } catch {
        // See set().
      }
    },
  };
}

/** Sets Mantine's attribute before React renders, so the first paint already has the right scheme. */
export function applyInitialColorScheme(root: HTMLElement = document.documentElement): void {
  const systemDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  root.setAttribute('data-mantine-color-scheme', resolveColorScheme(readStoredColorScheme(), systemDark));
}
