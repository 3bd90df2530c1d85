import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadFullStyles } from '../lib/full-styles';
import { isToastHostNeeded, subscribeToastHost } from '../lib/toast';

// Mantine's core styles first (the landing page has only its own): notifications' sheet builds on them.
const ToastViewport = lazy(async () => {
  await loadFullStyles();
  return { default: (await import('./toast-viewport')).ToastViewport };
});

/**
 * Mounts the toasts' viewport the first time a toast is shown (`toast.success(...)` etc. from
 * lib/toast). Toasts shown before it has loaded wait in the store and appear when it mounts.
 */
export function ToastHost() {
  const needed = useSyncExternalStore(subscribeToastHost, isToastHostNeeded, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
