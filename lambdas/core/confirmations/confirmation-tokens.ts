import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a confirmation link stands for: one request of one account, until its expiry. */
export interface ConfirmationClaims {
  tenantId: string;
  requestId: string;
  /** Epoch milliseconds after which the link no longer works. */
  expiresAt: number;
}

const VERSION = 'c1';
/** Its own key, derived from the deployment's signing secret with a label, so no other token verifies here. */
const LABEL = 'raincheck/confirmation-link/v1';
const MIN_SECRET_LENGTH = 32;
const MAX_TOKEN_LENGTH = 1024;

const b64 = /^[A-Za-z0-9_-]+$/;
/**
 * Not a dot: the link is a path (`/c/<token>`), and CloudFront's SPA rewrite (shared/web-serving.ts)
 * takes a last segment with a dot for a file. `~` is URL-safe and outside base64url.
 */
const SEP = '~';

/**
 * Signed confirmation links: `c1~<claims, base64url JSON>~<HMAC-SHA256, base64url>`. No sign-in:
 * the signature binds the account and the request, the expiry ends it with the working day, and the
 * request's conditional answer makes it single use.
 */
export class ConfirmationTokens {
  private readonly keys: Buffer[];

  /** `label` derives another link's own key (a team invite's), so neither link verifies as the other. */
  constructor(secret: string, previousSecrets: readonly string[] = [], label = LABEL) {
    if (!secret || secret.length < MIN_SECRET_LENGTH)
      throw new Error(`The signing secret must be at least ${MIN_SECRET_LENGTH} characters`);
    this.keys = [secret, ...previousSecrets.filter((s) => s.length >= MIN_SECRET_LENGTH)].map((s) =>
      createHmac('sha256', s).update(label).digest(),
    );
  }

  sign(claims: ConfirmationClaims): string {
    const payload = Buffer.from(
      JSON.stringify({ t: claims.tenantId, r: claims.requestId, x: claims.expiresAt }),
    ).toString('base64url');
    const data = `${VERSION}${SEP}${payload}`;
    return `${data}${SEP}${createHmac('sha256', this.keys[0]!).update(data).digest('base64url')}`;
  }

  /** The claims of a genuine, unexpired token at `now`; null for anything else. */
  verify(token: string, now: Date): ConfirmationClaims | null {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split(SEP);
    if (parts.length !== 3 || parts[0] !== VERSION) return null;
    const [, payload, signature] = parts as [string, string, string];
    if (!b64.test(payload) || !b64.test(signature)) return null;
    const data = `${VERSION}${SEP}${payload}`;
    const given = Buffer.from(signature);
    const genuine = this.keys.some((key) => {
      const expected = Buffer.from(createHmac('sha256', key).update(data).digest('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!genuine) return null;
    try {
      const { t, r, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      if (typeof t !== 'string' || typeof r !== 'string' || typeof x !== 'number' || !t || !r) return null;
      if (now.getTime() >= x) return null;
      return { tenantId: t, requestId: r, expiresAt: x };
    } catch {
      return null;
    }
  }
}
