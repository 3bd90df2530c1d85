import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast';

/** Where toasts appear; show them with `toast.success(...)` etc. from lib/toast. */
export function ToastHost() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />;
}
