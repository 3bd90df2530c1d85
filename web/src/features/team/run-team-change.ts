import { friendlyErrorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';

/** Runs one team change and says how it went in a toast: `done` on success, the server's reason otherwise. */
export async function runTeamChange(run: () => Promise<unknown>, done: string): Promise<void> {
  try {
    await run();
    toast.success(done);
  } catch (err) {
    toast.error(friendlyErrorMessage(err, 'That change could not be saved. Try again.'));
  }
}
