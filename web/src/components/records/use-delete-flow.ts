import { useState } from 'react';
import { errorMessage } from '../error-screen';

/**
 * Open → confirm → delete, for the confirm dialog: keeps the server's refusal (409 "used by …") to
 * show in the dialog, and calls `onDeleted` only when the record is gone.
 */
export type DeleteFlow = ReturnType<typeof useDeleteFlow>;

export function useDeleteFlow(remove: () => Promise<unknown>, onDeleted: () => void) {
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    opened,
    error,
    busy,
    open: () => {
      setError(null);
      setOpened(true);
    },
    close: () => {
      if (!busy) setOpened(false);
    },
    confirm: async () => {
      setBusy(true);
      setError(null);
      try {
        await remove();
        setOpened(false);
        onDeleted();
      } catch (err) {
        setError(errorMessage(err));
      } finally {
        setBusy(false);
      }
    },
  };
}
