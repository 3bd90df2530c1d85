import { GetAccountCommand, SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { SendGate } from '../../core/limits/shared-send-rate';
import type { NoticeMailer, NoticeMessage } from '../../core/email/email.ports';
import { resolveSender, type Sender, type SenderSource } from '../../core/email/sender.ports';
import { mailAddressOf, senderFrom } from '../../../shared/admin';

/** SES accepts at most 50 destinations per SendEmail call. */
export const MAX_DESTINATIONS_PER_CALL = 50;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A token bucket: `ratePerSecond` tokens a second, at most `burst` saved up. `take()` resolves when
 * a token is free; callers queue in order, so concurrent sends share one rate.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst = Math.max(1, Math.floor(ratePerSecond)),
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = sleepFor,
  ) {
    if (!(ratePerSecond > 0)) throw new Error('The send rate must be above 0 per second');
    this.tokens = this.burst;
    this.last = now();
  }

  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForToken());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private refill() {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
    this.last = now;
  }

  private async waitForToken(): Promise<void> {
    this.refill();
    while (this.tokens < 1) {
      await this.sleep(Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000));
      this.refill();
    }
    this.tokens -= 1;
  }
}

/** The account's SES send rate (messages per second), as SES states it. */
export async function sesMaxSendRate(client: SESv2Client): Promise<number> {
  const account = await client.send(new GetAccountCommand({}));
  return account.SendQuota?.MaxSendRate ?? Number.NaN;
}

/** SES says slow down: retry these after a pause, nothing else. */
export function isThrottling(err: unknown): boolean {
  const e = err as {
    name?: string;
    $retryable?: { throttling?: boolean };
    $metadata?: { httpStatusCode?: number };
  };
  return (
    e?.name === 'TooManyRequestsException' ||
    e?.name === 'ThrottlingException' ||
    e?.name === 'Throttling' ||
    e?.$retryable?.throttling === true ||
    e?.$metadata?.httpStatusCode === 429
  );
}

/** "Full jitter" backoff: a random pause up to base × 2^attempt, capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  return Math.floor(random() * Math.min(maxMs, baseMs * 2 ** attempt));
}

export interface NoticeMailerOptions {
  /** A fixed From, or the admins' sender settings (display name, reply-to). */
  from: SenderSource;
  configurationSet?: string;
  /** Sends per second this process allows itself (keep it under the account's SES rate). Default 10. */
  ratePerSecond?: number;
  /** What each send waits on instead: the account's one rate shared by every process (core/limits). */
  gate?: SendGate;
  /** The `mailto:` alternative in `List-Unsubscribe`, e.g. `unsubscribe@raincheck.example`. */
  unsubscribeMailto?: string;
  /** Attempts per message when SES throttles, the first included. Default 5. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Tests: a fake clock, sleep and randomness. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * A notice speaks for the contractor: its display name over our address (the domain SES verified
 * stays the sender, so SPF and DKIM still hold) and replies to the contractor, not to us.
 */
export function onBehalfOf(sender: Sender, message: Pick<NoticeMessage, 'fromName' | 'replyTo'>): Sender {
  return {
    from: message.fromName ? senderFrom(message.fromName, mailAddressOf(sender.from)) : sender.from,
    replyTo: message.replyTo ? [message.replyTo] : sender.replyTo,
  };
}

/** Header values may not carry line breaks (they would start a new header). */
const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * Delay notices through SESv2 `SendEmail`: HTML and text, the configuration set (so bounces and
 * complaints reach the email-events handler), the RFC 8058 headers (`List-Unsubscribe` with the
 * recipient's own link, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`), a client-side rate
 * limit and backoff with jitter when SES throttles anyway.
 */
export class SesNoticeMailer implements NoticeMailer {
  private readonly bucket: SendGate;
  private readonly opts: Required<Pick<NoticeMailerOptions, 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs'>> &
    NoticeMailerOptions;

  constructor(
    private readonly client: SESv2Client,
    options: NoticeMailerOptions,
  ) {
    this.opts = { maxAttempts: 5, baseDelayMs: 200, maxDelayMs: 10_000, ...options };
    this.bucket =
      options.gate ?? new TokenBucket(options.ratePerSecond ?? 10, undefined, options.now, options.sleep);
  }

  /** The headers of one message: RFC 8058 one-click unsubscribe when the recipient has a link. */
  listUnsubscribeHeaders(unsubscribeUrl: string | undefined): { Name: string; Value: string }[] {
    if (!unsubscribeUrl) return [];
    const targets = [`<${headerSafe(unsubscribeUrl)}>`];
    if (this.opts.unsubscribeMailto)
      targets.push(`<mailto:${headerSafe(this.opts.unsubscribeMailto)}?subject=unsubscribe>`);
    return [
      { Name: 'List-Unsubscribe', Value: targets.join(', ') },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ];
  }

  async send(message: NoticeMessage): Promise<{ messageId: string }> {
    return this.sendOne(
      { ToAddresses: [message.to] },
      message,
      this.listUnsubscribeHeaders(message.unsubscribeUrl),
    );
  }

  async sendBatch(
    message: Omit<NoticeMessage, 'to' | 'unsubscribeUrl'> & { to: string[] },
  ): Promise<{ messageIds: string[] }> {
    const addresses = [...new Set(message.to)];
    const messageIds: string[] = [];
    for (let i = 0; i < addresses.length; i += MAX_DESTINATIONS_PER_CALL) {
      const chunk = addresses.slice(i, i + MAX_DESTINATIONS_PER_CALL);
      const { messageId } = await this.sendOne({ BccAddresses: chunk }, message, []);
      messageIds.push(messageId);
    }
    return { messageIds };
  }

  private async sendOne(
    destination: { ToAddresses?: string[]; BccAddresses?: string[] },
    message: Pick<NoticeMessage, 'subject' | 'text' | 'html' | 'fromName' | 'replyTo'>,
    headers: { Name: string; Value: string }[],
  ): Promise<{ messageId: string }> {
    const sender = onBehalfOf(await resolveSender(this.opts.from), message);
    const command = new SendEmailCommand({
      FromEmailAddress: sender.from,
      ...(sender.replyTo.length ? { ReplyToAddresses: sender.replyTo } : {}),
      Destination: destination,
      ConfigurationSetName: this.opts.configurationSet,
      Content: {
        Simple: {
          Subject: { Data: headerSafe(message.subject), Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            Html: { Data: message.html, Charset: 'UTF-8' },
          },
          ...(headers.length ? { Headers: headers } : {}),
        },
      },
    });
    const random = this.opts.random ?? Math.random;
    const sleep = this.opts.sleep ?? sleepFor;
    for (let attempt = 0; ; attempt += 1) {
      await this.bucket.take();
      try {
        const res = await this.client.send(command);
        return { messageId: res.MessageId ?? '' };
      } catch (err) {
        if (!isThrottling(err) || attempt + 1 >= this.opts.maxAttempts) throw err;
        await sleep(backoffDelay(attempt, this.opts.baseDelayMs, this.opts.maxDelayMs, random));
      }
    }
  }
}
