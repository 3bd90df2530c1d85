import { createHash } from 'node:crypto';
import {
  COLOR_SCHEME_SCRIPT,
  COLOR_SCHEME_SCRIPT_HASH,
  COLOR_SCHEME_STORAGE_KEY,
  EARLY_CLICKS_SCRIPT,
  EARLY_CLICKS_SCRIPT_HASH,
} from '../../../shared/landing-head-scripts';
import { contentSecurityPolicy } from '../../../shared/security-headers';

/** Runs the inline script against a stand-in document, storage and media query. */
function runScript(stored: string | null, systemDark: boolean, storageThrows = false): string | null {
  let attribute: string | null = null;
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error('blocked');
      return key === COLOR_SCHEME_STORAGE_KEY ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (_: string, value: string) => (attribute = value) } };
  const matchMedia = () => ({ matches: systemDark });
  new Function('localStorage', 'document', 'matchMedia', COLOR_SCHEME_SCRIPT)(
    localStorage,
    document,
    matchMedia,
  );
  return attribute;
}

describe('the prerendered page head scripts', () => {
  it.each([
    ['colour scheme', COLOR_SCHEME_SCRIPT, COLOR_SCHEME_SCRIPT_HASH],
    ['early clicks', EARLY_CLICKS_SCRIPT, EARLY_CLICKS_SCRIPT_HASH],
  ])(
    'should have the %s script allowed by the Content-Security-Policy through its exact hash',
    (_, code, declared) => {
      const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
      expect(declared).toBe(hash);
      const scriptSrc = contentSecurityPolicy('us-east-1')
        .split('; ')
        .find((d) => d.startsWith('script-src '))!;
      expect(scriptSrc.split(' ')).toContain(`'${hash}'`);
    },
  );
});

describe('the prerendered page colour-scheme script', () => {
  it.each([
    ['dark', false, 'dark'],
    ['light', true, 'light'],
    [null, true, 'dark'],
    [null, false, 'light'],
    ['auto', true, 'dark'],
  ])(
    'should pick %s stored with a dark system %s as %s, like the app does',
    (stored, systemDark, expected) => {
      expect(runScript(stored, systemDark)).toBe(expected);
    },
  );

  it('should leave the page as it is when storage is blocked', () => {
    expect(runScript(null, true, true)).toBeNull();
  });
});
