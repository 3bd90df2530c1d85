import { useEffect, useRef } from 'react';

/**
 * Returns focus to whatever opened a modal once it closes. Mantine's own return-focus gives up when
 * that element is gone or disabled by then (a plan button is disabled while its change is confirmed,
 * and re-rendered after); this waits for it to be usable again, else focuses `fallback` (a heading
 * with tabIndex -1), so keyboard and screen reader users never land on <body>.
 */
export function useReturnFocus(opened: boolean, fallback?: () => HTMLElement | null): void {
  const opener = useRef<HTMLElement | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  useEffect(() => {
    if (opened) {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body) opener.current = active;
      return;
    }
    const target = opener.current;
    if (!target) return;
    opener.current = null;
    // After Mantine's own close transition and focus handling.
    const timer = window.setTimeout(() => {
      const usable =
        target.isConnected && !(target as HTMLButtonElement).disabled && target.getClientRects().length > 0;
      const to = usable ? target : (fallbackRef.current?.() ?? null);
      to?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [opened]);
}
