import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
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

/**
 * Delete from the record's own page: once it is gone, a toast names it ("Acme Builders has been
 * deleted.") and the list at `list` opens. `remove` is the record's delete mutation.
 */
export function useDeleteAndLeave(
  remove: { mutateAsync: (id: string) => Promise<unknown> },
  id: string,
  name: string,
  list: string,
): DeleteFlow {
  const navigate = useNavigate();
  return useDeleteFlow(
    () => remove.mutateAsync(id),
    () => {
      toast.success(`${name} has been deleted.`);
      void navigate(list);
    },
  );
}
