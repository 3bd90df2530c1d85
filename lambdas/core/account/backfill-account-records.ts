import type { DirectoryUser, UserDirectory } from '../admin/people.ports';
import { everyUser } from '../admin/pool-users';
import { createAccountRecord, type CreateAccountRecordDeps } from './create-account-record';

/** Cognito's status of a sign-up whose email code was never entered: not an account yet. */
const UNCONFIRMED = 'UNCONFIRMED';
/** Cognito's status of a user made by single sign-on: a member of that provider's account, never an account. */
const EXTERNAL_PROVIDER = 'EXTERNAL_PROVIDER';

/** Writes at most this many records at once, so a large pool does not burst the table's capacity. */
const WRITES_AT_ONCE = 10;

export interface BackfillResult {
  /** Confirmed users of the pool. */
  confirmedUsers: number;
  /** The accounts (user ids) whose record this run wrote; none when every confirmed user had one. */
  created: string[];
}

/**
 * Gives every confirmed user of the pool who has no account record one, as the post-confirmation
 * trigger would have at sign-up (users confirmed before the trigger existed). Each write is the
 * trigger's conditional create, so a second run, or a run racing a sign-up, writes nothing twice.
 */
export async function backfillAccountRecords(
  deps: CreateAccountRecordDeps & { directory: Pick<UserDirectory, 'listUsers'> },
): Promise<BackfillResult> {
  const confirmed = (await everyUser(deps.directory)).filter(
    (u) => u.status !== UNCONFIRMED && u.status !== EXTERNAL_PROVIDER,
  );
  const created: string[] = [];
  for (let i = 0; i < confirmed.length; i += WRITES_AT_ONCE) {
    const chunk = confirmed.slice(i, i + WRITES_AT_ONCE);
    const written = await Promise.all(chunk.map((u) => create(u, deps)));
    created.push(...chunk.filter((_, j) => written[j]).map((u) => u.id));
  }
  return { confirmedUsers: confirmed.length, created };
}

const create = (user: DirectoryUser, deps: CreateAccountRecordDeps) =>
  createAccountRecord({ userId: user.id, email: user.email, signedUpAt: user.createdAt }, deps);
