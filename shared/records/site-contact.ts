import * as z from 'zod';
import { optionalLine } from './text';
import { builtOnFirstUse } from '../built-on-first-use';

/**
 * Loose on purpose: digits, spaces and + - ( ) . only, 6–25 characters. A site contact is read by
 * a person who dials it, not by an SMS gateway (worker phones get strict E.164 parsing elsewhere).
 */
const LOOSE_PHONE = /^[0-9+\-(). ]{6,25}$/;
export const SITE_CONTACT_PHONE_RULE =
  'Site contact phone must be 6–25 characters of digits, spaces, +, -, ( ) or .';

/** Whom a worker calls about the site: named in every notice and on its details page. */
export interface SiteContact {
  name: string | null;
  phone: string | null;
}

export const siteContactSchema = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .object({
      name: optionalLine('Site contact name', 120),
      phone: z
        .string({ message: 'Site contact phone must be text' })
        .trim()
        .refine((v) => v === '' || (LOOSE_PHONE.test(v) && /\d/.test(v)), SITE_CONTACT_PHONE_RULE)
        .nullish()
        .transform((v) => (v ? v : null)),
    })
    .nullish()
    // Nothing entered is no contact at all: the notice falls back to the jobsite's manager.
    .transform((v): SiteContact | null =>
      v && (v.name || v.phone) ? { name: v.name, phone: v.phone } : null,
    ),
);
