import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Phone numbers as the product stores them: E.164 ("+12065550100"). A number written without its
 * country code is read in the account's country (US until accounts carry one). This module uses
 * the small metadata set so the SPA can check a number as it is typed; the server checks again
 * with the full set (lambdas/core/sms/phone-numbers.ts).
 */
export const PHONE_HINT = 'Enter a mobile number, e.g. +1 206 555 0100';
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** The E.164 form of a number, or null when it is not a possible number of its country. */
export function toE164(raw: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const text = raw.trim();
  if (!text || text.length > 40) return null;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** "+1 206 555 0100" from "+12065550100", for screens. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
