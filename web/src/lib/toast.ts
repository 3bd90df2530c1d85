import { notifications } from '@mantine/notifications';

/** Toasts (spec §4, §9): success, error, warning or info; each closes after 5 seconds or via its close button. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export type ToastType = 'success' | 'error' | 'warning' | 'info';

const STYLE: Record<ToastType, { color: string; title: string }> = {
  success: { color: 'green', title: 'Done' },
  error: { color: 'red', title: 'Error' },
  warning: { color: 'yellow', title: 'Warning' },
  info: { color: 'blue', title: 'Note' },
};

// The viewport (components/toast-host.tsx) is mounted on the first toast; until then nothing of the
// notifications UI is downloaded. The store imported above is tiny and holds toasts until it mounts.
let hostNeeded = false;
const hostListeners = new Set<() => void>();

export function isToastHostNeeded(): boolean {
  return hostNeeded;
}

export function subscribeToastHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function requestToastHost(): void {
  if (hostNeeded) return;
  hostNeeded = true;
  for (const listener of hostListeners) listener();
}

export function showToast(type: ToastType, message: string, title: string = STYLE[type].title): string {
  requestToastHost();
  return notifications.show({
    color: STYLE[type].color,
    title,
    message,
    withCloseButton: true,
    autoClose: TOAST_AUTO_CLOSE_MS,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

export const toast = {
  success: (message: string, title?: string) => showToast('success', message, title),
  error: (message: string, title?: string) => showToast('error', message, title),
  warning: (message: string, title?: string) => showToast('warning', message, title),
  info: (message: string, title?: string) => showToast('info', message, title),
};
