/**
 * The Lambdas' libphonenumber-js (issue 26 item 8): the same answers as `libphonenumber-js/max`, with
 * the full metadata read on the first call rather than at module load.
 */
import * as max from 'libphonenumber-js/max';
import {
  isValidPhoneNumber,
  parsePhoneNumberFromString,
} from '../../../lambdas/adapters/phone/libphonenumber-on-first-use';

const NUMBERS = [
  '+14155552671',
  '(415) 555-2671',
  '+447911123456',
  '+1 999 555 0000',
  '+61 491 570 006',
  'call me',
];

describe('libphonenumber-js with its metadata on first use', () => {
  it.each(NUMBERS)('should parse %s as libphonenumber-js/max does', (text) => {
    const options = { defaultCountry: 'US' as const, extract: false };
    const ours = parsePhoneNumberFromString(text, options);
    const theirs = max.parsePhoneNumberFromString(text, options);
    expect(ours?.number).toEqual(theirs?.number);
    expect(ours?.formatInternational()).toEqual(theirs?.formatInternational());
    expect(ours?.getType()).toEqual(theirs?.getType());
  });

  it.each(NUMBERS)('should judge %s valid or not as libphonenumber-js/max does', (text) => {
    expect(isValidPhoneNumber(text)).toBe(max.isValidPhoneNumber(text));
    expect(isValidPhoneNumber(text, 'US')).toBe(max.isValidPhoneNumber(text, 'US'));
  });

  it('should tell a valid mobile number from an invalid one (the metadata is the full set)', () => {
    expect(isValidPhoneNumber('+14155552671')).toBe(true);
    expect(isValidPhoneNumber('+1 999 555 0000')).toBe(false);
    expect(parsePhoneNumberFromString('+447911123456')?.getType()).toBe('MOBILE');
  });
});
