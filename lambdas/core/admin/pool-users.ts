import type { DirectoryUser, UserDirectory } from './people.ports';

/** Cognito's largest ListUsers page. */
const DIRECTORY_PAGE = 60;

/**
 * Every user of the pool, page by page. The admin figures and the users report count people from the
 * pool, not from stored profiles: a user who signed up and never saved a profile is a user too.
 */
export async function everyUser(directory: Pick<UserDirectory, 'listUsers'>): Promise<DirectoryUser[]> {
  const users: DirectoryUser[] = [];
  let cursor: string | undefined;
  do {
    const page = await directory.listUsers({ emailPrefix: '', limit: DIRECTORY_PAGE, cursor });
    users.push(...page.users);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return users;
}
