import { decodeClaims, encodeClaims, LinkSigner } from '../link-signer';

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
const MAX_TOKEN_LENGTH = 1024;
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
  private readonly signer: LinkSigner;

  /** `label` derives another link's own key (a team invite's), so neither link verifies as the other. */
  constructor(secret: string, previousSecrets: readonly string[] = [], label = LABEL) {
    this.signer = new LinkSigner(label, secret, previousSecrets);
  }

  sign(claims: ConfirmationClaims): string {
    const payload = encodeClaims({ t: claims.tenantId, r: claims.requestId, x: claims.expiresAt });
    const data = `${VERSION}${SEP}${payload}`;
    return `${data}${SEP}${this.signer.sign(data)}`;
  }

  /** The claims of a genuine, unexpired token at `now`; null for anything else. */
  verify(token: string, now: Date): ConfirmationClaims | null {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split(SEP);
    if (parts.length !== 3 || parts[0] !== VERSION) return null;
    const [, payload, signature] = parts as [string, string, string];
    if (!this.signer.isGenuine(`${VERSION}${SEP}${payload}`, signature)) return null;
    const claims = decodeClaims(payload);
    if (!claims) return null;
    const { t, r, x } = claims;
    if (typeof t !== 'string' || typeof r !== 'string' || typeof x !== 'number' || !t || !r) return null;
    if (now.getTime() >= x) return null;
    return { tenantId: t, requestId: r, expiresAt: x };
  }
}
