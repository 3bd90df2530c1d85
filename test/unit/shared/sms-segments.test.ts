import fc from 'fast-check';
import GraphemeSplitter from 'grapheme-splitter';
import { SegmentedMessage } from 'sms-segments-calculator';
import { countSmsSegments } from '../../../shared/sms-segments';
import { measureSms } from '../../../shared/sms-text';

/** The oracle: what sms-segments-calculator answers ('auto' encoding). */
function library(body: string) {
  const message = new SegmentedMessage(body, 'auto');
  return { segments: message.segmentsCount, encoding: message.encodingName };
}

// The library's own table of GSM-7 characters (code unit → GSM code units: 2 for the extension table).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const UNICODE_TO_GSM = require('sms-segments-calculator/dist/libs/UnicodeToGSM').default as Record<
  number,
  number[]
>;

const plain = (n: number) => 'a'.repeat(n);
const EMOJI = '\u{1F327}'; // cloud with rain: a surrogate pair, one cluster on its own

describe('countSmsSegments against sms-segments-calculator', () => {
  const cases: [string, string][] = [
    ['empty', ''],
    ['159 GSM characters', plain(159)],
    ['160 GSM characters', plain(160)],
    ['161 GSM characters', plain(161)],
    ['306 GSM characters (2 × 153)', plain(306)],
    ['307 GSM characters', plain(307)],
    ['159 characters and one extension character (161 septets)', `${plain(159)}€`],
    ['158 characters and one extension character (160 septets)', `${plain(158)}{`],
    ['an extension character at the 153rd septet', `${plain(152)}[${plain(20)}`],
    ['an extension character at the 152nd septet', `${plain(151)}]${plain(20)}`],
    ['an extension character across the second cut', `${plain(305)}~${plain(5)}`],
    ['only extension characters', '|'.repeat(81)],
    ['form feed (extension) and CR LF (two characters)', `${plain(150)}\f\r\n${plain(8)}`],
    ['all GSM-7 but one curly quote', `${plain(100)}\u2019`],
    ['70 UCS-2 units', `é${'ж'.repeat(69)}`],
    ['71 UCS-2 units', 'ж'.repeat(71)],
    ['134 UCS-2 units (2 × 67)', 'ж'.repeat(134)],
    ['135 UCS-2 units', 'ж'.repeat(135)],
    ['an emoji at units 67–68', `${'ж'.repeat(66)}${EMOJI}${'ж'.repeat(10)}`],
    ['an emoji at units 66–67', `${'ж'.repeat(65)}${EMOJI}${'ж'.repeat(10)}`],
    ['an emoji at units 69–70 (70 units, one segment)', `${'ж'.repeat(68)}${EMOJI}`],
    ['an emoji at units 70–71', `${'ж'.repeat(69)}${EMOJI}`],
    ['GSM extension characters in a UCS-2 text count one unit', `${'{'.repeat(69)}ж`],
    ['a combining accent (library)', `${'e\u0301'.repeat(34)}x`],
    ['a flag across the cut (library)', `${'ж'.repeat(65)}\u{1F1FA}\u{1F1F8}${'ж'.repeat(10)}`],
    [
      'a family emoji joined by ZWJ (library)',
      `${'ж'.repeat(60)}\u{1F468}\u200D\u{1F469}\u200D\u{1F467}${plain(20)}`,
    ],
    ['a skin-tone modifier (library)', `${'ж'.repeat(66)}\u{1F44D}\u{1F3FD}${plain(3)}`],
    ['Hangul (library)', '한국어'.repeat(30)],
    ['a lone surrogate (library)', `${plain(80)}\ud83c`],
  ];

  it.each(cases)('%s', (_, body) => {
    expect(measureSms(body)).toEqual(library(body));
  });

  it('counts the plain cases itself and leaves the cluster cases to the library', () => {
    expect(countSmsSegments(plain(161))).toEqual({ segments: 2, encoding: 'GSM-7' });
    expect(countSmsSegments(`${plain(152)}[${plain(20)}`)).toEqual({ segments: 2, encoding: 'GSM-7' });
    expect(countSmsSegments(`${'ж'.repeat(66)}${EMOJI}${'ж'.repeat(10)}`)).toEqual({
      segments: 2,
      encoding: 'UCS-2',
    });
    expect(countSmsSegments('e\u0301')).toBeUndefined();
    expect(countSmsSegments('\u{1F1FA}\u{1F1F8}')).toBeUndefined();
  });

  it('knows exactly the library’s GSM-7 table, and its extension characters as 2 septets', () => {
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const ch = String.fromCharCode(code);
      const gsm = UNICODE_TO_GSM[code];
      // 81 of the character: 81 septets is one segment, 162 (extension) two.
      const size = countSmsSegments(ch.repeat(81));
      if (gsm) expect([code, size]).toEqual([code, { segments: gsm.length, encoding: 'GSM-7' }]);
      else expect([code, size?.encoding ?? 'UCS-2']).toEqual([code, 'UCS-2']);
    }
  });

  it('treats as a cluster of its own only what the grapheme splitter never joins', () => {
    // Every code point counted here (not left to the library) must break from a letter on either
    // side, from itself (regional indicators, Hangul), from a leading jamo and an emoji base.
    const splitter = new GraphemeSplitter();
    const wrong: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const ch = String.fromCodePoint(code);
      if (countSmsSegments(ch) === undefined) continue;
      const probe = `a${ch}a${ch}${ch}\u1100${ch}\u261d${ch}`;
      if (splitter.countGraphemes(probe) !== 9) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  const gsmChars = [...'abcXYZ019 .,:;!?-\'"@£$¥èéÅΔ_\n\r\f^{}\\[~]|€'];
  const otherChars = [
    'ж',
    'é',
    '\u2019',
    '中',
    EMOJI,
    '\u{1F600}',
    'e\u0301',
    '\u{1F1FA}\u{1F1F8}',
    '\u200D',
    '😀',
  ];

  it('agrees with the library on random texts (GSM-7 and UCS-2, around the cuts)', () => {
    const text = fc
      .tuple(
        fc.array(fc.constantFrom(...gsmChars), { minLength: 0, maxLength: 330 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...otherChars)), { maxLength: 3 }),
      )
      .map(([chars, inserts]) => {
        const out = [...chars];
        for (const [at, ch] of inserts) out.splice(at % (out.length + 1), 0, ch);
        return out.join('');
      });
    fc.assert(
      fc.property(text, (body) => {
        expect(measureSms(body)).toEqual(library(body));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the library on arbitrary Unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (body) => {
        expect(measureSms(body)).toEqual(library(body));
      }),
      { numRuns: 1000 },
    );
  });
});
