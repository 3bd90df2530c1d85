/**
 * Teams (issue 22), without zod so every Lambda that stores memberships can import it: the roles,
 * the audit actions, the words the team page and the API answer with, and the shapes of the routes.
 * The input schemas are in team.ts.
 */
export const TEAM_ROLES = ['owner', 'manager', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** The roles an invite may give: ownership is handed over, never invited. */
export const INVITE_ROLES = ['manager', 'viewer'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** How long an invite link works. */
export const INVITE_VALID_DAYS = 7;

export const ROLE_LABELS: Record<TeamRole | 'support', string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
  support: 'Support (read only)',
};

export const ROLE_SUMMARIES: Record<TeamRole, string> = {
  owner: 'Billing, the team and everything else',
  manager: 'Records, rules, templates, notices and ledger marks',
  viewer: 'Reads everything, changes nothing',
};

const seatCount = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

export const TEAM_MESSAGES = {
  roleCannotWrite: (role: string) => `Your role (${role}) can't change this`,
  ownerOnly: 'Only the account owner can do this',
  ownerOnlyProfileFields: 'Only the account owner can change the company and units',
  seatsFull: (plan: string, seats: number) =>
    `Your ${plan} plan has ${seatCount(seats)}, all taken (pending invites count). Remove someone or upgrade your plan.`,
  /** The team page's count; the noun agrees with the last number read ("1 of 1 seat", "1 of 3 seats"). */
  seatsUsed: (used: number, limit: number | null) =>
    limit === null
      ? `${seatCount(used)} used (unlimited on your plan)`
      : `${used} of ${seatCount(limit)} used (pending invites count)`,
  alreadyMember: 'This person is already on your team',
  alreadyInvited: 'This address already has a pending invite',
  inviteInvalid: 'This invite link is not valid, has expired or was already used',
  inviteOtherAddress: 'This invite was sent to another email address. Sign in with the invited address.',
  joinedElsewhere: 'You already belong to a team. Leave it before joining another.',
  ownAccount: 'You are the owner of this account',
  founderStays: "The account's founder can't be removed: hand ownership back or keep them as a viewer",
  memberNotFound: 'Member not found',
  inviteNotFound: 'Invite not found',
  cannotChangeSelf: "You can't change your own role: hand ownership to someone else instead",
  /** A role change, removal or hand-over that lost a race with another (409): nothing was changed. */
  teamChanged: 'The team changed while you were saving: reload it and try again',
  inviteSubject: (company: string) => `You're invited to join ${company} on Raincheck`,
} as const;

/** One person of the account, as `GET /api/account/members` lists them. */
export interface TeamMember {
  userId: string;
  email: string;
  /** The name the member gave themselves on /settings; null when they gave none. */
  name: string | null;
  role: TeamRole;
  invitedBy: string | null;
  joinedAt: string | null;
  lastSignInAt: string | null;
}

export interface TeamInvite {
  id: string;
  email: string;
  role: InviteRole;
  invitedBy: string;
  createdAt: string;
  validUntil: string;
}

export interface TeamResponse {
  members: TeamMember[];
  invites: TeamInvite[];
  /** Seats of the plan (owner included), null for unlimited, and how many are taken. */
  seats: { limit: number | null; used: number };
}

export const AUDIT_ACTIONS = [
  'invited',
  'invite-revoked',
  'invite-resent',
  'joined',
  'role-changed',
  'removed',
  'ownership-handed',
  'record-changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  at: string;
  action: AuditAction;
  /** Who did it: their email (names change, the address is what the owner recognises). */
  actor: string;
  /** Their name at the time, when their profile had one (issue 22: a member sets their own). */
  actorName?: string | null;
  /** What it was done to: an email for team changes, the record in words for record changes. */
  subject: string;
  detail: string | null;
}

/** One line for the audit list: "ann@example.com invited bob@example.com as manager". */
export function describeAudit(entry: AuditEntry): string {
  // "Dana Ortiz (dana@example.com)": the name a person gave, with the address the owner recognises.
  const e = { ...entry, actor: entry.actorName ? `${entry.actorName} (${entry.actor})` : entry.actor };
  const detail = e.detail ? ` (${e.detail})` : '';
  if (e.action === 'invited') return `${e.actor} invited ${e.subject}${e.detail ? ` as ${e.detail}` : ''}`;
  const verb: Record<AuditAction, string> = {
    invited: 'invited',
    'invite-revoked': 'revoked the invite of',
    'invite-resent': 'resent the invite to',
    joined: 'joined as',
    'role-changed': 'changed the role of',
    removed: 'removed',
    'ownership-handed': 'handed ownership to',
    'record-changed': 'changed',
  };
  if (e.action === 'joined') return `${e.actor} joined the team${e.detail ? ` as ${e.detail}` : ''}`;
  if (e.action === 'record-changed') return `${e.actor} ${e.detail ?? 'changed'} ${e.subject}`;
  return `${e.actor} ${verb[e.action]} ${e.subject}${detail}`;
}
