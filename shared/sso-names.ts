/**
 * Single sign-on's names, messages and small helpers without zod: the table's entities and the
 * Lambdas that never parse a body (dispatch, triggers) import these, not shared/sso.ts.
 */
export const SSO_TYPES = ['oidc', 'saml'] as const;
export type SsoType = (typeof SSO_TYPES)[number];

/** The roles a first SSO sign-in may give (never `owner`). */
export const SSO_DEFAULT_ROLES = ['viewer', 'manager'] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

/** The DNS name that carries the proof, under each domain: `_raincheck-sso.<domain>`. */
export const SSO_TXT_LABEL = '_raincheck-sso';
/** The TXT value's prefix; the token follows it. */
export const SSO_TXT_PREFIX = 'raincheck-sso-verification=';

export const SSO_MESSAGES = {
  ownerOnly: 'Only the account owner can change single sign-on.',
  clientSecretRequired: 'Client secret is required the first time',
  metadataRequired: 'Give the metadata URL or the metadata XML',
  domainTaken: (domain: string) => `${domain} already signs in through another account's single sign-on.`,
  passwordRefused:
    'Your organisation signs in with single sign-on. Enter your email on the sign-in page and continue to your company’s sign-in.',
  notConfigured: 'Single sign-on is not set up for this account.',
  emailFirst: 'Enter your email address to continue',
  saveInProgress: 'Another save of these single sign-on settings is still running. Please try again.',
} as const;

/** The domain part of an address, lower-cased. */
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Where the managed login sends the browser back with its code (the SPA's route). */
export const SSO_CALLBACK_PATH = '/auth/sso-callback';
