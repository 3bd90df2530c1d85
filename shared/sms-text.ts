import { SegmentedMessage } from 'sms-segments-calculator';
import { formatNoticeDate, VERDICT_LABEL } from './email/format';
import type { DayJudgement } from './weather/judgement';
import { ruleChangeSentence } from './email/notice-facts';
import { countSmsSegments, type SmsSize } from './sms-segments';

export type { SmsSize } from './sms-segments';

/** A notice text is at most this many segments (cost: each segment is billed as one message). */
export const MAX_NOTICE_SEGMENTS = 2;

/**
 * Segments and encoding as the carrier bills them: counted in shared/sms-segments.ts; a UCS-2 text
 * whose grapheme clusters matter (combining marks, joined emoji, flags) by sms-segments-calculator.
 */
export function measureSms(body: string): SmsSize {
  const counted = countSmsSegments(body);
  if (counted) return counted;
  const message = new SegmentedMessage(body, 'auto');
  return { segments: message.segmentsCount, encoding: message.encodingName };
}

/**
 * GSM-7 holds 160 characters a segment, UCS-2 only 70: one curly quote or dash in a company name
 * would halve the room. These look-alikes read the same and keep the text GSM-7.
 */
const GSM_LOOKALIKES: [RegExp, string][] = [
  [/[\u2018\u2019\u201a\u2032]/g, "'"],
  [/[\u201c\u201d\u201e\u2033]/g, '"'],
  [/[\u2013\u2014\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00a0\u2007\u202f]/g, ' '],
  [/\u00b0/g, ' deg '],
];

export function toGsmFriendly(text: string): string {
  let out = text;
  for (const [from, to] of GSM_LOOKALIKES) out = out.replace(from, to);
  return out.replace(/ {2,}/g, ' ').trim();
}

export interface NoticeTextInput {
  kind: 'notice' | 'update' | 'allClear';
  company: string;
  jobsiteName: string;
  workDate: string;
  judgement: Pick<DayJudgement, 'verdict' | 'rules'>;
  /** The notice's details page (helper "notices"' noticeDetailsUrl), when there is one. */
  detailsUrl?: string;
  /** A line for the foreman only: how to confirm by reply (crew confirmation). */
  replyLine?: string;
  /** The member whose rule change brought this text: said when it fits, dropped first when not. */
  changedBy?: string;
}

/** How much of the first reason a text keeps before the names are shortened. */
const REASON_KEPT = 60;
/** Company and jobsite names are shortened to this before the reason goes entirely. */
const NAME_KEPT = 24;
/** The shortest a name gets. */
const NAME_MIN = 12;

const KIND_WORD = { notice: 'Weather delay', update: 'Delay update', allClear: 'All clear' } as const;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 3)).trimEnd()}...`;
}

/**
 * The text without the characters GSM-7 lacks (the last resort: UCS-2 holds under half as much);
 * `fallback` when nothing readable is left (a name written wholly in another script).
 */
function gsmOnly(text: string, max: number, fallback: string): string {
  const kept = toGsmFriendly([...text].filter((ch) => measureSms(ch).encoding === 'GSM-7').join(''));
  return /[A-Za-z0-9]/.test(kept) ? clip(kept, max) : fallback;
}

/**
 * The text of a delay notice, update or all-clear: company, jobsite, day, verdict, the first
 * reason and the details link, GSM-7 where the words allow, at most MAX_NOTICE_SEGMENTS segments.
 * The link is always kept (a short `/n/<code>` link, core/notices/notice-short-codes.ts): the
 * sentence naming the member whose rule change brought the text goes first, then the reason
 * is shortened (to 60 characters), then the names (to 24), then the reason goes, then the
 * names shorten to 12, and last the names lose the characters GSM-7 lacks, so the text falls back to
 * GSM-7's 160 characters a segment.
 */
export function composeNoticeText(input: NoticeTextInput): { body: string } & SmsSize {
  const day = formatNoticeDate(input.workDate);
  const verdict =
    input.kind === 'allClear' ? 'work as planned' : VERDICT_LABEL[input.judgement.verdict].toLowerCase();
  const firstReason = input.kind === 'allClear' ? '' : (input.judgement.rules[0]?.reason ?? '');
  // The company leads the text already: the sentence names the member alone.
  let changed = input.changedBy?.trim() ? ruleChangeSentence(input.kind, input.changedBy, null) : '';
  const build = (company: string, site: string, reason: string) =>
    toGsmFriendly(
      [
        `${company}: ${KIND_WORD[input.kind]} - ${site}, ${day}: ${verdict}.`,
        reason ? `${reason}.` : '',
        changed,
        input.detailsUrl ?? '',
        input.replyLine ?? '',
        'Reply STOP to opt out.',
      ]
        .filter(Boolean)
        .join(' '),
    );
  let reasonMax = 200;
  let nameMax = 60;
  let gsmNames = false;
  for (;;) {
    const name = (text: string, fallback: string) =>
      gsmNames ? gsmOnly(toGsmFriendly(text), nameMax, fallback) : clip(text, nameMax);
    const reason = reasonMax > 0 ? clip(firstReason, reasonMax) : '';
    const body = build(
      name(input.company, 'Your contractor'),
      name(input.jobsiteName, 'your jobsite'),
      reason,
    );
    const size = measureSms(body);
    // The last step taken: nothing is left to shorten (a link longer than the text itself).
    if (size.segments <= MAX_NOTICE_SEGMENTS || gsmNames) return { body, ...size };
    if (changed) changed = '';
    else if (reasonMax > REASON_KEPT) reasonMax = Math.max(REASON_KEPT, reasonMax - 20);
    else if (nameMax > NAME_KEPT) nameMax = Math.max(NAME_KEPT, nameMax - 12);
    else if (reasonMax > 0) reasonMax = Math.max(0, reasonMax - 20);
    else if (nameMax > NAME_MIN) nameMax = Math.max(NAME_MIN, nameMax - 4);
    else gsmNames = true;
  }
}
