import fc from 'fast-check';

/** Characters that break naive handling: NUL, BEL, ESC, bidi overrides, lone surrogates, newline. */
export const NASTY_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u202e', '\u2066', '\ud800', '\udfff', '\n'];

/**
 * Short strings (up to 40) of nasty characters mixed with ordinary ones, for the malformed-input
 * property tests; `extra` adds characters that matter to one route's encoding.
 */
export function nastyString(opts: { extra?: string[]; plain?: string[] } = {}): fc.Arbitrary<string> {
  const nasty = fc.constantFrom(...NASTY_CHARACTERS, ...(opts.extra ?? []));
  const plain = fc.constantFrom(...(opts.plain ?? ['a', 'Z', '1', '@', '.']));
  return fc.string({ unit: fc.oneof(nasty, plain), maxLength: 40 });
}
