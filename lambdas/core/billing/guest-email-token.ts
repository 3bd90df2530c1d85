import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the register page may fill the paid email from one token: long enough to sign up. */
export const GUEST_EMAIL_TOKEN_TTL_SECONDS = 30 * 60;

const VERSION = 'g1';
const MIN_SECRET_LENGTH = 32;
/**
 * The token key is derived from the unsubscribe secret with this label, so one managed secret serves
 * both without a token of one kind ever verifying as the other.
 */
const KEY_LABEL = 'raincheck/guest-checkout-email/v1';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function deriveKey(secret: string): Buffer {
  return createHmac('sha256', secret).update(KEY_LABEL).digest();
}

/**
 * Signed tokens for the email a guest paid with: `g1.<{ e, x } as base64url JSON>.<HMAC-SHA256>`,
 * where `x` is the expiry in unix seconds. They let the register page fill the email after a guest
 * checkout without the success URL (which Stripe lets carry only the session id) exposing it for
 * longer than a sign-up takes. `previousSecrets` keep tokens valid across a key rotation.
 */
export class GuestEmailTokens {
  private readonly keys: Buffer[];

  constructor(secret: string, previousSecrets: readonly string[] = []) {
    if (!secret || secret.length < MIN_SECRET_LENGTH)
      throw new Error(`The token secret must be at least ${MIN_SECRET_LENGTH} characters`);
    this.keys = [secret, ...previousSecrets.filter((s) => s.length >= MIN_SECRET_LENGTH)].map(deriveKey);
  }

  sign(email: string, now: Date): { token: string; expiresAt: string } {
    const expires = Math.floor(now.getTime() / 1000) + GUEST_EMAIL_TOKEN_TTL_SECONDS;
    const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), x: expires })).toString('base64url');
    const data = `${VERSION}.${payload}`;
    const signature = createHmac('sha256', this.keys[0]!).update(data).digest('base64url');
    return { token: `${data}.${signature}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** The email of a genuine, unexpired token; null for anything else. */
  verify(token: string, now: Date): { email: string; expiresAt: string } | null {
    if (typeof token !== 'string' || token.length > 1024) return null;
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) return null;
    const [version, payload, signature] = parts as [string, string, string];
    if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;
    // Compared as canonical text: a signature with altered padding bits is not the same token.
    const given = Buffer.from(signature);
    const data = `${version}.${payload}`;
    const genuine = this.keys.some((key) => {
      const expected = Buffer.from(createHmac('sha256', key).update(data).digest('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!genuine) return null;
    try {
      const { e, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      if (typeof e !== 'string' || !e || typeof x !== 'number' || !Number.isFinite(x)) return null;
      if (x * 1000 <= now.getTime()) return null;
      return { email: e, expiresAt: new Date(x * 1000).toISOString() };
    } catch {
      return null;
    }
  }
}
