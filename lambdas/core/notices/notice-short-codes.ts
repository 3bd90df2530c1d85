import { createHash, randomBytes } from 'node:crypto';
import {
  noticeLinkExpiry,
  type NoticeDetailsTokens,
  type NoticeRef,
  type VerifiedNoticeRef,
} from './notice-link';

/** A short code: 8 url-safe characters (48 bits), the whole last segment of `/n/<code>`. */
export const SHORT_CODE_LENGTH = 8;
const SHORT_CODE = /^[A-Za-z0-9_-]{8}$/;

export const isShortCode = (token: string): boolean => SHORT_CODE.test(token);

/** Where each short code names its jobsite-day until the notice link expires. */
export interface NoticeShortCodeStore {
  /**
   * Stores `code → ref` with a conditional write: true when the code is new or already names this
   * same jobsite-day, false when another notice holds it (nothing is changed then).
   */
  claim(code: string, ref: NoticeRef, expiresAt: Date): Promise<boolean>;
  /** The jobsite-day of a code, with its expiry; null when the code names nothing. */
  find(code: string): Promise<(NoticeRef & { expiresAt: Date }) | null>;
}

export interface ShortLinkDeps {
  codes: NoticeShortCodeStore;
  /** The long link's signer: the first code of a notice is cut from its signed token. */
  tokens: Pick<NoticeDetailsTokens, 'sign'>;
  appOrigin: string;
}

/** After this many codes held by other notices, something is wrong (a broken random source). */
const MAX_ATTEMPTS = 5;

/**
 * The first code tried for a jobsite-day: cut from a hash of its signed token, so the same notice
 * gets the same code on every run (one item, rewritten in place) and nobody without the signing key
 * can tell which code a day has.
 */
function derivedCode(tokens: Pick<NoticeDetailsTokens, 'sign'>, ref: NoticeRef): string {
  return createHash('sha256').update(tokens.sign(ref)).digest('base64url').slice(0, SHORT_CODE_LENGTH);
}

const randomCode = () => randomBytes(6).toString('base64url');

/**
 * `<app origin>/n/<code>`: the notice's details page behind 8 characters, short enough for a text.
 * A code another notice already holds (two hashes sharing 48 bits) is never shared: a random one is
 * claimed instead, each with a conditional write, so two notices never resolve to one page.
 */
export async function shortNoticeUrl(deps: ShortLinkDeps, ref: NoticeRef): Promise<string> {
  const expiresAt = noticeLinkExpiry(ref.workDate);
  let code = derivedCode(deps.tokens, ref);
  for (let attempt = 1; !(await deps.codes.claim(code, ref, expiresAt)); attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw new Error('No free short code for the notice link');
    code = randomCode();
  }
  return `${deps.appOrigin.replace(/\/$/, '')}/n/${code}`;
}

/** The jobsite-day a live short code names; null for an unknown or expired one. */
export async function resolveShortCode(
  codes: Pick<NoticeShortCodeStore, 'find'>,
  code: string,
  now: Date,
): Promise<VerifiedNoticeRef | null> {
  if (!isShortCode(code)) return null;
  // TTL deletes late: an expired item still in the table opens nothing.
  const found = await codes.find(code);
  if (!found || found.expiresAt.getTime() <= now.getTime()) return null;
  return {
    tenantId: found.tenantId,
    jobsiteId: found.jobsiteId,
    workDate: found.workDate,
    expiresAt: found.expiresAt.toISOString(),
  };
}
