import type { TestStackInfo } from './stack-process';

/** One email as the SES emulator's `/store` keeps it (the fields the tests read). */
export interface StoredEmail {
  messageId?: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** Every email the local mailbox holds for `address`, oldest first. */
export async function mailTo(stack: TestStackInfo, address: string): Promise<StoredEmail[]> {
  const res = await fetch(`${stack.mailboxUrl}/store`);
  const store = (await res.json()) as { emails: StoredEmail[] };
  return store.emails.filter((e) => e.destination.to.includes(address));
}
