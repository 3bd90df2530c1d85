import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast';

/**
 * Where toasts appear: bottom right, so they never cover the header's controls (theme, sign out,
 * the menu button) while they are shown. Loaded by ToastHost only once a toast is shown, so pages
 * that never show one (the landing page) do not download @mantine/notifications and its transitions.
 */
export function ToastViewport() {
  return <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />;
}
