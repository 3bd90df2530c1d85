import * as z from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { objectOnFirstUse } from './object-on-first-use';

/**
 * White-labelling (issue 24 item 4): an Enterprise account's brand, which replaces Raincheck's on
 * everything a worker sees (emails, texts, the details, confirmation and unsubscribe pages) and on
 * the app's header for the account's members. One schema for the settings form and the API.
 */

/** The body of `GET /api/account/brand` (and of a successful PUT). */
export interface Brand {
  companyName: string;
  /** `#rrggbb`, lower case. */
  colour: string;
  /** Plain text after every email's body; may be empty. */
  footer: string;
  /** The logo's public address (served from the app's origin under /files/), or null. */
  logoUrl: string | null;
}

/** What pages and emails draw the brand with: the brand plus the text colour that reads on it. */
export interface BrandLook extends Brand {
  /** White or dark text, whichever reaches 4.5:1 on the brand colour. */
  onColour: string;
}

export const BRAND_LIMITS = {
  companyName: 80,
  footer: 500,
  /** The logo's largest size in bytes (1 MB), enforced by the presigned POST's policy. */
  logoBytes: 1024 * 1024,
  /** How long a presigned logo upload is valid, in seconds. */
  uploadSeconds: 300,
} as const;

export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
export const LOGO_EXTENSIONS: Record<LogoContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

/** The text colours the brand colour is checked against (the app's dark text is Mantine's dark.9). */
export const WHITE_TEXT = '#ffffff';
export const DARK_TEXT = '#212529';
/** WCAG 2.x AA for normal text. */
export const MIN_CONTRAST = 4.5;

export const BRAND_MESSAGES = {
  companyNameRequired: 'Company name is required',
  companyNameTooLong: `Company name must be at most ${BRAND_LIMITS.companyName} characters`,
  colourFormat: 'Brand colour must be a hex colour like #1d4ed8',
  footerTooLong: `Footer must be at most ${BRAND_LIMITS.footer} characters`,
  logoUrlUnknown:
    'logoUrl must be null (no logo) or the current logo; upload a new one through /api/account/brand/logo-upload and send its key as logoKey',
  logoKeyOutside: 'logoKey must be a key answered by /api/account/brand/logo-upload for this account',
  logoMissing: 'The uploaded logo was not found; upload it again',
  logoTooLarge: 'The logo must be at most 1 MB',
  logoWrongType: 'The logo must be a PNG, JPEG or SVG image',
  logoNotMatchingType: 'The logo file is not the image type it was uploaded as',
  contentTypeInvalid: 'contentType must be image/png, image/jpeg or image/svg+xml',
  viewerCannotEdit: 'Only the owner or a manager can change the brand',
} as const;

/** Relative luminance of an sRGB `#rrggbb` colour (WCAG 2.x). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Rounded down to two decimals, so a refusal never shows 4.50 for a colour that reached 4.497. */
const twoDecimals = (n: number) => (Math.floor(n * 100) / 100).toFixed(2);

/**
 * The brand colour carries text (the email's and pages' header band, buttons): it must reach 4.5:1
 * with white text or with the app's dark text. Answers the text colour to use, or why it is refused.
 */
export function checkBrandColour(
  hex: string,
): { ok: true; onColour: string } | { ok: false; reason: string } {
  const white = contrastRatio(hex, WHITE_TEXT);
  const dark = contrastRatio(hex, DARK_TEXT);
  if (white >= MIN_CONTRAST) return { ok: true, onColour: WHITE_TEXT };
  if (dark >= MIN_CONTRAST) return { ok: true, onColour: DARK_TEXT };
  return {
    ok: false,
    reason: `Brand colour ${hex} has ${twoDecimals(white)}:1 contrast with white text and ${twoDecimals(dark)}:1 with dark text (${DARK_TEXT}); it needs at least ${MIN_CONTRAST}:1 with one of them so text on it stays readable. Pick a darker or a lighter shade.`,
  };
}

export const brandColourSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string({ message: BRAND_MESSAGES.colourFormat })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, BRAND_MESSAGES.colourFormat)
    .transform((c) => c.toLowerCase())
    .superRefine((colour, ctx) => {
      const check = checkBrandColour(colour);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason });
    }),
);

/**
 * `PUT /api/account/brand`: the contract's four fields, plus `logoKey` (the key a logo-upload answered)
 * to adopt a newly uploaded logo. `logoUrl` may only be null (remove) or the current logo (keep).
 */
export const brandInputSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  companyName: z
    .string({ message: BRAND_MESSAGES.companyNameRequired })
    .trim()
    .min(1, BRAND_MESSAGES.companyNameRequired)
    .max(BRAND_LIMITS.companyName, BRAND_MESSAGES.companyNameTooLong),
  colour: brandColourSchema,
  footer: z
    .string({ message: BRAND_MESSAGES.footerTooLong })
    .trim()
    .max(BRAND_LIMITS.footer, BRAND_MESSAGES.footerTooLong)
    .default(''),
  logoUrl: z.string().nullable().default(null),
  logoKey: z.string().max(300).optional(),
}));
export type BrandInput = z.output<typeof brandInputSchema>;

/** `POST /api/account/brand/logo-upload`: the type the browser will send (the policy holds it to it). */
export const logoUploadSchema = /* @__PURE__ */ objectOnFirstUse(() => ({
  contentType: z.enum(LOGO_CONTENT_TYPES, { message: BRAND_MESSAGES.contentTypeInvalid }),
}));

/** A presigned POST: the form's action, its fields (policy and signature included) and the object key. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
}

/** Where uploads wait (never served) and where checked logos are served from (`/files/*`). */
export const UPLOAD_PREFIX = 'uploads/';
export const PUBLIC_FILES_PREFIX = 'files/';
export const logoUploadPrefix = (tenant: string) => `${UPLOAD_PREFIX}brand-logo/${tenant}/`;
export const logoPublicPrefix = (tenant: string) => `${PUBLIC_FILES_PREFIX}brand/${tenant}/`;

/** The brand with the text colour that reads on its colour (the stored colour always passed the check). */
export function brandLook(brand: Brand): BrandLook {
  const check = checkBrandColour(brand.colour);
  return { ...brand, onColour: check.ok ? check.onColour : WHITE_TEXT };
}
