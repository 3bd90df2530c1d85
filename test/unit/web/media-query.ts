/**
 * A controllable `window.matchMedia` for jsdom (which has none): Mantine needs it, and the dark-mode tests
 * flip the system preference with `setSystemColorScheme`.
 */
type Listener = (event: MediaQueryListEvent) => void;

let systemDark = false;
const lists = new Set<{ media: string; listeners: Set<Listener>; list: MediaQueryList }>();

function evaluate(media: string): boolean {
  if (media.includes('prefers-color-scheme: dark')) return systemDark;
  if (media.includes('prefers-color-scheme: light')) return !systemDark;
  return false;
}

export function matchMediaStub(media: string): MediaQueryList {
  const listeners = new Set<Listener>();
  const list = {
    media,
    get matches() {
      return evaluate(media);
    },
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
    addListener: (listener: Listener) => listeners.add(listener),
    removeListener: (listener: Listener) => listeners.delete(listener),
    dispatchEvent: () => true,
  } as unknown as MediaQueryList;
  lists.add({ media, listeners, list });
  return list;
}

/** Changes the simulated OS preference and notifies every listener, as a browser does. */
export function setSystemColorScheme(scheme: 'light' | 'dark'): void {
  systemDark = scheme === 'dark';
  for (const entry of lists) {
    const event = { matches: evaluate(entry.media), media: entry.media } as MediaQueryListEvent;
    for (const listener of entry.listeners) listener(event);
  }
}

export function resetMediaQueries(): void {
  systemDark = false;
  lists.clear();
}
