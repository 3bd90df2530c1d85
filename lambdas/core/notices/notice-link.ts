import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTICE_LINK_DAYS } from '../../../shared/notice-details';

export { NOTICE_LINK_DAYS };

const VERSION = 'n1';
const MIN_SECRET_LENGTH = 32;
/**
 * The key is derived from the unsubscribe secret with this label (as the guest-checkout email token
 * does), so one managed secret serves every link kind and no token of one kind verifies as another.
 */
const KEY_LABEL = 'raincheck/notice-details/v1';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
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

const deriveKey = (secret: string) => createHmac('sha256', secret).update(KEY_LABEL).digest();

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
  private readonly keys: Buffer[];

  constructor(secret: string, previousSecrets: readonly string[] = []) {
    if (!secret || secret.length < MIN_SECRET_LENGTH)
      throw new Error(`The notice link secret must be at least ${MIN_SECRET_LENGTH} characters`);
    this.keys = [secret, ...previousSecrets.filter((s) => s.length >= MIN_SECRET_LENGTH)].map(deriveKey);
  }

  sign(ref: NoticeRef): string {
    if (!ISO_DATE.test(ref.workDate)) throw new Error(`Not a working day: ${ref.workDate}`);
    const payload = Buffer.from(
      JSON.stringify({ t: ref.tenantId, j: ref.jobsiteId, d: ref.workDate }),
    ).toString('base64url');
    const signature = createHmac('sha256', this.keys[0]!).update(`${VERSION}${payload}`).digest('base64url');
    return `${VERSION}${signature}${payload}`;
  }

  /** The jobsite-day of a genuine token that has not expired at `now`; null for anything else. */
  verify(token: string, now: Date): VerifiedNoticeRef | null {
    if (typeof token !== 'string' || token.length > 1024) return null;
    if (!token.startsWith(VERSION) || !BASE64URL.test(token)) return null;
    const signature = token.slice(VERSION.length, VERSION.length + SIGNATURE_LENGTH);
    const payload = token.slice(VERSION.length + SIGNATURE_LENGTH);
    if (signature.length !== SIGNATURE_LENGTH || !payload) return null;
    // Compared as canonical text: a signature with altered padding bits is not the same token.
    const given = Buffer.from(signature);
    const data = `${VERSION}${payload}`;
    const genuine = this.keys.some((key) => {
      const expected = Buffer.from(createHmac('sha256', key).update(data).digest('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!genuine) return null;
    try {
      const { t, j, d } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      if (typeof t !== 'string' || typeof j !== 'string' || typeof d !== 'string') return null;
      if (!t || !j || !ISO_DATE.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`))) return null;
      const expires = noticeLinkExpiry(d);
      if (expires.getTime() <= now.getTime()) return null;
      return { tenantId: t, jobsiteId: j, workDate: d, expiresAt: expires.toISOString() };
    } catch {
      return null;
    }
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
