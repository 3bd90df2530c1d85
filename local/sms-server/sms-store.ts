import { randomUUID } from 'node:crypto';

/** One text as the outbox shows it (the contract of `GET /messages`). */
export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  body: string;
  direction: 'out' | 'in';
  at: string;
}

/** Opt-out words AWS applies to its default opt-out list when a reply is one of them. */
const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT']);
const OPT_IN = new Set(['START', 'UNSTOP', 'SUBSCRIBE']);
const keywordOf = (body: string) => body.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Texts in memory (like the SES emulator's mailbox) and the account's default opt-out list. */
export class SmsStore {
  readonly messages: OutboxMessage[] = [];
  readonly optedOut = new Map<string, string>();

  add(message: Omit<OutboxMessage, 'id' | 'at'>, at = new Date()): OutboxMessage {
    const stored = { ...message, id: randomUUID(), at: at.toISOString() };
    this.messages.push(stored);
    return stored;
  }

  /** A reply moves the number on or off the opt-out list as AWS's keyword handling does. */
  applyKeyword(from: string, body: string, at: Date): void {
    const word = keywordOf(body);
    if (OPT_OUT.has(word)) this.optedOut.set(from, at.toISOString());
    else if (OPT_IN.has(word)) this.optedOut.delete(from);
  }
}
