import { decodeClaims, encodeClaims, LinkSigner } from '../link-signer';
import { NOTICE_LINK_DAYS } from '../../../shared/notice-details';

export { NOTICE_LINK_DAYS };

const VERSION = 'n1';
/**
 * The key is derived from the unsubscribe secret with this label (as the guest-checkout email token
 * does), so one managed secret serves every link kind and no token of one kind verifies as another.
 */
const KEY_LABEL = 'raincheck/notice-details/v1';
/** An HMAC-SHA256 in base64url is always 43 characters. */
const SIGNATURE_LENGTH = 43;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600_000;

/** Which jobsite-day a details link shows. The tenant is a stored owner id, never request input. */
export interface NoticeRef {
  tenantId: string;
  jobsiteId: string;
  /** The jobsite's local working day, `YYYY-MM-DD`. */
  workDate: string;
}

export interface VerifiedNoticeRef extends NoticeRef {
  expiresAt: string;
}

/**
 * The instant a link for `workDate` stops working: the end of the 14th day after it. Read in UTC,
 * which is generous by at most a zone offset, never short of the promised 14 days anywhere on Earth.
 */
export function noticeLinkExpiry(workDate: string): Date {
  return new Date(Date.parse(`${workDate}T00:00:00Z`) + (NOTICE_LINK_DAYS + 1) * DAY_MS + 14 * 3600_000);
}

/**
 * Signed details-page tokens: `n1<HMAC-SHA256, 43 base64url chars><{ t, j, d } as base64url JSON>`,
 * the MAC over `n1` and the payload. No dots: a last path segment with a dot is a file to the
 * CloudFront function and the local server (shared/web-serving.ts), so `/n/a.b` would never reach
 * the SPA. The expiry follows from the day (`d`), so a link cannot outlive it.
 * `previousSecrets` keep links signed before a key rotation valid.
 */
export class NoticeDetailsTokens {
  private readonly signer: LinkSigner;

  constructor(secret: string, previousSecrets: readonly string[] = []) {
    this.signer = new LinkSigner(KEY_LABEL, secret, previousSecrets);
  }

  sign(ref: NoticeRef): string {
    if (!ISO_DATE.test(ref.workDate)) throw new Error(`Not a working day: ${ref.workDate}`);
    const payload = encodeClaims({ t: ref.tenantId, j: ref.jobsiteId, d: ref.workDate });
    return `${VERSION}${this.signer.sign(`${VERSION}${payload}`)}${payload}`;
  }

  /** The jobsite-day of a genuine token that has not expired at `now`; null for anything else. */
  verify(token: string, now: Date): VerifiedNoticeRef | null {
    if (typeof token !== 'string' || token.length > 1024 || !token.startsWith(VERSION)) return null;
    const signature = token.slice(VERSION.length, VERSION.length + SIGNATURE_LENGTH);
    const payload = token.slice(VERSION.length + SIGNATURE_LENGTH);
    if (signature.length !== SIGNATURE_LENGTH || !payload) return null;
    if (!this.signer.isGenuine(`${VERSION}${payload}`, signature)) return null;
    const claims = decodeClaims(payload);
    if (!claims) return null;
    const { t, j, d } = claims;
    if (typeof t !== 'string' || typeof j !== 'string' || typeof d !== 'string') return null;
    if (!t || !j || !ISO_DATE.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`))) return null;
    const expires = noticeLinkExpiry(d);
    if (expires.getTime() <= now.getTime()) return null;
    return { tenantId: t, jobsiteId: j, workDate: d, expiresAt: expires.toISOString() };
  }
}

/**
 * `<app origin>/n/<token>`: the public, read-only details page of one jobsite-day. Every channel
 * that tells a crew about a day (email, SMS, the foreman's confirmation) links here.
 */
export function noticeDetailsUrl(
  tokens: Pick<NoticeDetailsTokens, 'sign'>,
  appOrigin: string,
  ref: NoticeRef,
): string {
  return `${appOrigin.replace(/\/$/, '')}/n/${tokens.sign(ref)}`;
}
