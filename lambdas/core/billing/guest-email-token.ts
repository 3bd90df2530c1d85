import { LinkSigner, VersionedToken } from '../link-signer';

/** How long the register page may fill the paid email from one token: long enough to sign up. */
export const GUEST_EMAIL_TOKEN_TTL_SECONDS = 30 * 60;

const VERSION = 'g1';
/**
 * The token key is derived from the unsubscribe secret with this label, so one managed secret serves
 * both without a token of one kind ever verifying as the other.
 */
const KEY_LABEL = 'raincheck/guest-checkout-email/v1';

/**
 * Signed tokens for the email a guest paid with: `g1.<{ e, x } as base64url JSON>.<HMAC-SHA256>`,
 * where `x` is the expiry in unix seconds. They let the register page fill the email after a guest
 * checkout without the success URL (which Stripe lets carry only the session id) exposing it for
 * longer than a sign-up takes. `previousSecrets` keep tokens valid across a key rotation.
 */
export class GuestEmailTokens {
  private readonly tokens: VersionedToken;

  constructor(secret: string, previousSecrets: readonly string[] = []) {
    const signer = new LinkSigner(KEY_LABEL, secret, previousSecrets, 'The token secret');
    this.tokens = new VersionedToken(signer, VERSION, 1024);
  }

  sign(email: string, now: Date): { token: string; expiresAt: string } {
    const expires = Math.floor(now.getTime() / 1000) + GUEST_EMAIL_TOKEN_TTL_SECONDS;
    const token = this.tokens.sign({ e: email.toLowerCase(), x: expires });
    return { token, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** The email of a genuine, unexpired token; null for anything else. */
  verify(token: string, now: Date): { email: string; expiresAt: string } | null {
    const claims = this.tokens.verify(token);
    if (!claims) return null;
    const { e, x } = claims;
    if (typeof e !== 'string' || !e || typeof x !== 'number' || !Number.isFinite(x)) return null;
    if (x * 1000 <= now.getTime()) return null;
    return { email: e, expiresAt: new Date(x * 1000).toISOString() };
  }
}
