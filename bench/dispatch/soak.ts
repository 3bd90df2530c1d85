/**
 * Exactly once at scale (issue 26, the soak): both mailboxes — the SES emulator's emails and the local
 * SMS server's texts — counted by message id against what the runs reported.
 */

/** One email as the SES emulator's `/store` keeps it (the fields the soak reads). */
interface StoredEmail {
  messageId?: string;
  destination: { to: string[] };
  subject: string;
}

/** One text as the SMS server's `GET /messages` lists it (local/sms-server/sms-store.ts). */
interface StoredText {
  id: string;
  to: string;
  body: string;
  direction: 'out' | 'in';
}

/** One channel's mailbox against the runs' counts. */
export interface MailboxCount {
  /** Messages in the mailbox. */
  received: number;
  /**
   * Distinct message ids among them. Not part of the verdict: the SES emulator draws its ids at random
   * from 900 million (aws-ses-v2-local's `getMessageId`), so 17,000 emails share one about one soak
   * in six; a message sent twice shows as two of the same recipient and subject instead.
   */
  messageIds: number;
  /** Distinct messages (recipient and subject or body: one jobsite's notice about one day). */
  messages: number;
  /** Messages the runs reported sent, summed over every run of the soak. */
  reportedSent: number;
  /** Every message in the mailbox once, and every reported send in it. */
  exactlyOnce: boolean;
}

export interface SoakVerdict {
  emails: MailboxCount;
  texts: MailboxCount;
  /** Both channels exactly once. */
  exactlyOnce: boolean;
}

function count(ids: (string | undefined)[], messages: string[], reportedSent: number): MailboxCount {
  const messageIds = new Set(ids).size;
  const distinct = new Set(messages).size;
  return {
    received: ids.length,
    messageIds,
    messages: distinct,
    reportedSent,
    exactlyOnce: ids.length === distinct && reportedSent === ids.length,
  };
}

export async function soakVerdict(
  sesUrl: string,
  smsUrl: string,
  outcomes: readonly { sent: number; texts: number }[],
): Promise<SoakVerdict> {
  const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: StoredEmail[] };
  const outbox = ((await (await fetch(`${smsUrl}/messages`)).json()) as StoredText[]).filter(
    (t) => t.direction === 'out',
  );
  const emails = count(
    store.emails.map((e) => e.messageId),
    store.emails.map((e) => `${[...e.destination.to].sort().join(',')}|${e.subject}`),
    outcomes.reduce((sum, o) => sum + o.sent, 0),
  );
  const texts = count(
    outbox.map((t) => t.id),
    outbox.map((t) => `${t.to}|${t.body}`),
    outcomes.reduce((sum, o) => sum + o.texts, 0),
  );
  return { emails, texts, exactlyOnce: emails.exactlyOnce && texts.exactlyOnce };
}
