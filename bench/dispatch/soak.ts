/** Exactly once at scale (issue 26, the soak): the SES emulator's mailbox against what the runs reported. */

/** One email as the SES emulator's `/store` keeps it (the fields the soak reads). */
interface StoredEmail {
  messageId?: string;
  destination: { to: string[] };
  subject: string;
}

export interface SoakVerdict {
  /** Emails in the mailbox. */
  emails: number;
  /** Distinct SES message ids among them. */
  messageIds: number;
  /** Distinct messages (recipient and subject: one jobsite's notice about one day). */
  messages: number;
  /** Messages the runs' records say they sent, summed over every run of the soak. */
  reportedSent: number;
  /** Every message in the mailbox once, and every reported send in it. */
  exactlyOnce: boolean;
}

export async function soakVerdict(
  sesUrl: string,
  outcomes: readonly { sent: number }[],
): Promise<SoakVerdict> {
  const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: StoredEmail[] };
  const emails = store.emails;
  const messageIds = new Set(emails.map((e) => e.messageId)).size;
  const messages = new Set(emails.map((e) => `${[...e.destination.to].sort().join(',')}|${e.subject}`)).size;
  const reportedSent = outcomes.reduce((sum, o) => sum + o.sent, 0);
  return {
    emails: emails.length,
    messageIds,
    messages,
    reportedSent,
    exactlyOnce: emails.length === messageIds && messageIds === messages && reportedSent === emails.length,
  };
}
