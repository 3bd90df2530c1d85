import { TEAM_MESSAGES } from '../../../shared/team-roles';
import type { Caller } from '../caller';

type Role = NonNullable<Caller['role']>;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that change nothing of the account: joining a team, the password-changed notice, a preview,
 * and one's own name (the profile route refuses a non-owner's company and units itself).
 */
const OPEN_WRITES = [
  /^\/api\/invites\/[^/]+\/accept$/,
  /^\/api\/me\/profile$/,
  /^\/api\/me\/password-changed$/,
  /^\/api\/email-templates\/preview$/,
];

/** Billing, the team, support access and deleting the account: the owner's alone (issue 22). */
const OWNER_ONLY_WRITES = [
  /^\/api\/subscription(\/|$)/,
  /^\/api\/consolidated\/stripe\//,
  /^\/api\/account\/(invites|members|support-access)(\/|$)/,
  /^\/api\/me$/,
  /^\/api\/account$/,
];

/** Reads only the owner makes: the account's audit log. */
const OWNER_ONLY_READS = [/^\/api\/account\/audit$/];

/**
 * Whether `role` may make this request, and the 403 to answer when not: a viewer (and a support
 * session) reads everything and changes nothing; a manager does everything but billing, the team and
 * deleting the account; the owner does everything. A caller without a role owns its own account.
 */
export function roleRefusal(role: Role | undefined, method: string, path: string): string | null {
  const effective = role ?? 'owner';
  if (effective === 'owner') return null;
  if (READ_METHODS.has(method.toUpperCase())) {
    return OWNER_ONLY_READS.some((p) => p.test(path)) ? TEAM_MESSAGES.ownerOnly : null;
  }
  if (OPEN_WRITES.some((p) => p.test(path)) && effective !== 'support') return null;
  if (effective === 'viewer' || effective === 'support') return TEAM_MESSAGES.roleCannotWrite(effective);
  return OWNER_ONLY_WRITES.some((p) => p.test(path)) ? TEAM_MESSAGES.roleCannotWrite(effective) : null;
}
