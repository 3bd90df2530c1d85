import * as z from 'zod';
import { SSO_DEFAULT_ROLES, type SsoDefaultRole, type SsoType } from './sso-names';
import { builtOnFirstUse } from './built-on-first-use';
import { objectOnFirstUse } from './object-on-first-use';
import { ACCOUNT_MESSAGES } from './messages';

/** The longest deliverable address (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;

export * from './sso-names';

/**
 * Single sign-on (issue 24 §1–3): an Enterprise account's identity provider (OpenID Connect or
 * SAML 2.0), the email domains it owns, and what the email-first sign-in is told about an address.
 */
/** Lower-case host names of two or more labels (`acme.com`, `eu.acme.co.uk`). */
const DOMAIN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const domainsSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .array(
      z
        .string({ message: 'Each domain must be text' })
        .trim()
        .toLowerCase()
        .regex(DOMAIN, 'Each domain must be a domain name such as example.com'),
      { message: 'Domains must be a list of domain names' },
    )
    .min(1, 'Give at least one email domain')
    .max(20, 'At most 20 domains')
    .transform((list) => [...new Set(list)]),
);

const httpUrl = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), `${label} must be an http(s) URL`);

const common = /* @__PURE__ */ builtOnFirstUse(() => ({
  domains: domainsSchema,
  defaultRole: z
    .enum(SSO_DEFAULT_ROLES, { message: 'Default role must be viewer or manager' })
    .default('viewer'),
}));

/** `PUT /api/account/sso`. The client secret may be left out once one is stored (it is never shown). */
export const putSsoSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('oidc'),
        issuerUrl: httpUrl('Issuer URL'),
        clientId: z
          .string({ message: 'Client ID is required' })
          .trim()
          .min(1, 'Client ID is required')
          .max(255, 'Client ID must be at most 255 characters'),
        clientSecret: z
          .string({ message: 'Client secret must be text' })
          .min(1, 'Client secret must not be empty')
          .max(1000, 'Client secret must be at most 1000 characters')
          .optional(),
        ...common,
      }),
      z.object({
        type: z.literal('saml'),
        metadataUrl: httpUrl('Metadata URL').optional(),
        metadataXml: z
          .string({ message: 'Metadata XML must be text' })
          .max(100_000, 'Metadata XML must be at most 100 KB')
          .refine(
            (v) => v.includes('EntityDescriptor'),
            'Metadata XML must be SAML metadata (an EntityDescriptor)',
          )
          .optional(),
        ...common,
      }),
    ],
    { message: 'Type must be oidc or saml' },
  ),
);
export type PutSsoInput = z.output<typeof putSsoSchema>;

/** One domain as the settings page shows it: proven or waiting for its TXT record. */
export interface SsoDomainView {
  domain: string;
  verified: boolean;
  /** The TXT record to publish: its name and value. */
  txtName: string;
  txtValue: string;
}

/** `GET /api/account/sso` (the client secret is never part of it). */
export type SsoView =
  | { configured: false; verificationValue: string }
  | {
      configured: true;
      type: SsoType;
      providerName: string;
      domains: SsoDomainView[];
      defaultRole: SsoDefaultRole;
      issuerUrl?: string;
      clientId?: string;
      hasClientSecret?: boolean;
      metadataUrl?: string;
      hasMetadataXml?: boolean;
      /** Where the provider sends its answers (the app's redirect URI / ACS URL at the IdP). */
      callbackUrl: string;
      verificationValue: string;
    };

export const discoverQuerySchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .toLowerCase()
    // Before the shape: a domain past DynamoDB's key limits must never reach the claim's read.
    .max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.emailTooLong)
    .email('Email must be an email address'),
}));

/** `GET /api/auth/discover?email=` */
export type DiscoverAnswer = { method: 'password' } | { method: 'sso'; redirectUrl: string };
