import { DEFAULT_NOTICE_TIMES, type NoticeTime } from './notice-slots';

/**
 * The admin identity (spec §3 "Admin user") and the admin area's product settings, shared by the
 * API and the SPA (no zod here: the sign-in forms import the messages; schemas are in
 * admin-schemas.ts). The server derives the identity from the verified token's groups; the SPA only
 * shows what the server answered.
 */
export const ADMIN_PERMISSIONS = [
  'manage_users',
  'manage_subscriptions',
  'view_analytics',
  'manage_billing',
  'manage_settings',
  'manage_admins',
  'support_access',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export const ADMIN_ROLES = ['super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** What each role may do. A narrower role (e.g. support) is one more line here and one more group below. */
export const ROLE_PERMISSIONS: Readonly<Record<AdminRole, readonly AdminPermission[]>> = {
  super_admin: ADMIN_PERMISSIONS,
};

/** The Cognito group that grants each role; the first group a caller belongs to, in this order, wins. */
export const ROLE_GROUPS: readonly { group: string; role: AdminRole }[] = [
  { group: 'admins', role: 'super_admin' },
];

/** Spec §3 "Admin user", as `GET /api/admin/me` answers it. */
export interface AdminIdentity {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
  permissions: AdminPermission[];
  /** An authenticator app (TOTP) is set up; every other admin route refuses the admin until it is. */
  totpEnabled: boolean;
}

/** One row of `GET /api/admin/users`. */
export interface AdminUserRow {
  id: string;
  email: string;
  enabled: boolean;
  /** Cognito's user status (CONFIRMED, UNCONFIRMED, …). */
  status: string;
  createdAt: string | null;
  lastSignInAt: string | null;
  plan: 'none' | 'basic' | 'premium' | 'enterprise';
  subscriptionStatus: string;
  isAdmin: boolean;
}

export interface AdminUsersPage {
  items: AdminUserRow[];
  nextCursor: string | null;
}

/** The product-wide settings an admin changes on /admin/settings (validated by adminSettingsInputSchema). */
export interface AdminSettingsInput {
  /** The display name of the From header; the address itself is MAIL_FROM. */
  senderName: string;
  /** Where replies go; empty means the From address. */
  replyTo: string;
  defaultNoticeTimes: NoticeTime[];
}

export interface AdminSettings extends AdminSettingsInput {
  /** The SES From identity is deployment configuration (MAIL_FROM): shown, never edited here. */
  fromAddress: string;
  updatedBy: string | null;
  updatedAt: string | null;
}

export const DEFAULT_ADMIN_SETTINGS: AdminSettingsInput = {
  senderName: 'Raincheck',
  replyTo: '',
  defaultNoticeTimes: DEFAULT_NOTICE_TIMES.map((n) => ({ ...n })),
};

export const ADMIN_MESSAGES = {
  cannotDisableSelf: 'You cannot disable your own account.',
  cannotRemoveSelf: 'You cannot remove yourself from the admins.',
  lastAdmin: 'This is the last admin. Add another admin before removing this one.',
  userNotFound: 'No user with that id or email.',
  alreadyAdmin: 'This user is already an admin.',
  notAdmin: 'This user is not an admin.',
  /** Cognito's own words when a disabled user signs in (NotAuthorizedException). */
  userDisabled: 'User is disabled.',
  /** The API's 401 for a token of a user disabled since it was issued. */
  accountDisabledApi: 'Your account is disabled.',
  /** The admin API's 403 for an admin whose authenticator app (TOTP) is not set up. */
  totpRequired: 'Set up two-factor authentication to use the admin area.',
  /** What the sign-in forms say instead. */
  accountDisabled: 'This account is disabled. Contact support if you think this is a mistake.',
  disableNote:
    'Disabling signs the user out everywhere: new sign-ins stop at once and an open session loses access within a minute.',
} as const;

/** The address part of a From value such as `Raincheck <alerts@raincheck.example>`. */
export function mailAddressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * The From header for a display name over the deployment's address. Names outside printable ASCII
 * are RFC 2047-encoded, as SES requires. Quotes and backslashes are escaped (RFC 5322 quoted-pair):
 * the settings schema refuses them, but a notice's sender name (`fromName`) comes from the account's
 * own brand and would otherwise close the quoted name early.
 */
export function senderFrom(senderName: string, mailFrom: string): string {
  const address = mailAddressOf(mailFrom);
  const ascii = /^[\x20-\x7e]*$/.test(senderName);
  const name = ascii ? `"${senderName.replace(/["\\]/g, '\\$&')}"` : `=?UTF-8?B?${utf8Base64(senderName)}?=`;
  return `${name} <${address}>`;
}

function utf8Base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
