import type { SESv2Client } from '@aws-sdk/client-sesv2';
import {
  SesNoticeMailer,
  TokenBucket,
  backoffDelay,
  isThrottling,
} from '../../../lambdas/adapters/ses/ses.notice-mailer';

/** A fake clock whose sleep advances time, so rate limits and backoff run instantly. */
function fakeTime() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

function fakeClient(failures: unknown[] = []) {
  const inputs: any[] = [];
  const client = {
    send: async (command: { input: unknown }) => {
      inputs.push(command.input);
      const failure = failures.shift();
      if (failure) throw failure;
      return { MessageId: `m-${inputs.length}` };
    },
  } as unknown as SESv2Client;
  return { client, inputs };
}

const throttled = () =>
  Object.assign(new Error('Maximum sending rate exceeded'), { name: 'TooManyRequestsException' });

describe('TokenBucket', () => {
  it('should let a burst through, then pace sends at the configured rate', async () => {
    const time = fakeTime();
    const bucket = new TokenBucket(5, 5, time.now, time.sleep);
    for (let i = 0; i < 15; i += 1) await bucket.take();
    // 5 from the full bucket, then 10 more at 5 per second: about 2 seconds of waiting.
    expect(time.now()).toBeGreaterThanOrEqual(1990);
    expect(time.now()).toBeLessThanOrEqual(2100);
  });

  it('should serve concurrent callers one token each', async () => {
    const time = fakeTime();
    const bucket = new TokenBucket(2, 1, time.now, time.sleep);
    await Promise.all([bucket.take(), bucket.take(), bucket.take()]);
    expect(time.now()).toBeGreaterThanOrEqual(1000);
  });

  it('should refuse a rate of zero', () => {
    expect(() => new TokenBucket(0)).toThrow('above 0');
  });
});

describe('throttling and backoff', () => {
  it.each([
    [{ name: 'TooManyRequestsException' }, true],
    [{ name: 'ThrottlingException' }, true],
    [{ name: 'X', $metadata: { httpStatusCode: 429 } }, true],
    [{ name: 'MessageRejected' }, false],
    [{ name: 'AccountSuspendedException' }, false],
  ])('should treat %j as throttling: %s', (err, expected) => {
    expect(isThrottling(err)).toBe(expected);
  });

  it('should grow the ceiling exponentially, capped, with jitter below it', () => {
    expect(backoffDelay(0, 200, 10_000, () => 0.999)).toBe(199);
    expect(backoffDelay(3, 200, 10_000, () => 0.5)).toBe(800);
    expect(backoffDelay(10, 200, 10_000, () => 0.999)).toBe(9990);
    expect(backoffDelay(2, 200, 10_000, () => 0)).toBe(0);
  });
});

describe('SesNoticeMailer', () => {
  const base = { from: 'Raincheck <alerts@raincheck.example>', configurationSet: 'raincheck-events' };

  it('should send one worker message with the RFC 8058 headers and the configuration set', async () => {
    const { client, inputs } = fakeClient();
    const mailer = new SesNoticeMailer(client, {
      ...base,
      unsubscribeMailto: 'unsubscribe@raincheck.example',
    });
    const result = await mailer.send({
      to: 'ana@example.com',
      subject: 'Partial delay',
      text: 'text',
      html: '<p>html</p>',
      unsubscribeUrl: 'https://app.example.com/unsubscribe?token=u1.a.b',
    });
    expect(result).toEqual({ messageId: 'm-1' });
    expect(inputs[0]).toMatchObject({
      FromEmailAddress: base.from,
      ConfigurationSetName: 'raincheck-events',
      Destination: { ToAddresses: ['ana@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Partial delay' },
          Body: { Text: { Data: 'text' }, Html: { Data: '<p>html</p>' } },
          Headers: [
            {
              Name: 'List-Unsubscribe',
              Value:
                '<https://app.example.com/unsubscribe?token=u1.a.b>, <mailto:unsubscribe@raincheck.example?subject=unsubscribe>',
            },
            { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
          ],
        },
      },
    });
  });

  it('should add no unsubscribe headers when the message has no link', async () => {
    const { client, inputs } = fakeClient();
    await new SesNoticeMailer(client, base).send({ to: 'a@b.co', subject: 's', text: 't', html: 'h' });
    expect(inputs[0].Content.Simple.Headers).toBeUndefined();
  });

  it('should send a shared message blind, at most 50 destinations per call', async () => {
    const { client, inputs } = fakeClient();
    const to = Array.from({ length: 120 }, (_, i) => `m${i}@example.com`);
    const result = await new SesNoticeMailer(client, { ...base, ratePerSecond: 1000 }).sendBatch({
      to: [...to, to[0]!],
      subject: 's',
      text: 't',
      html: 'h',
    });
    expect(result.messageIds).toHaveLength(3);
    expect(inputs.map((i) => i.Destination.BccAddresses.length)).toEqual([50, 50, 20]);
    expect(inputs.every((i) => i.Destination.ToAddresses === undefined)).toBe(true);
  });

  it('should retry after a throttling error with a pause, then succeed', async () => {
    const time = fakeTime();
    const { client, inputs } = fakeClient([throttled(), throttled()]);
    const mailer = new SesNoticeMailer(client, { ...base, ...time, random: () => 0.5 });
    await expect(mailer.send({ to: 'a@b.co', subject: 's', text: 't', html: 'h' })).resolves.toEqual({
      messageId: 'm-3',
    });
    expect(inputs).toHaveLength(3);
    expect(time.sleeps).toEqual(expect.arrayContaining([100, 200]));
  });

  it('should give up after the last attempt and report the throttling error', async () => {
    const time = fakeTime();
    const { client, inputs } = fakeClient([throttled(), throttled(), throttled()]);
    const mailer = new SesNoticeMailer(client, { ...base, ...time, maxAttempts: 3 });
    await expect(mailer.send({ to: 'a@b.co', subject: 's', text: 't', html: 'h' })).rejects.toMatchObject({
      name: 'TooManyRequestsException',
    });
    expect(inputs).toHaveLength(3);
  });

  it('should not retry a message SES rejected', async () => {
    const { client, inputs } = fakeClient([Object.assign(new Error('bad'), { name: 'MessageRejected' })]);
    await expect(
      new SesNoticeMailer(client, base).send({ to: 'a@b.co', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow('bad');
    expect(inputs).toHaveLength(1);
  });

  it('should keep line breaks out of the subject and the headers', async () => {
    const { client, inputs } = fakeClient();
    await new SesNoticeMailer(client, base).send({
      to: 'a@b.co',
      subject: 'a\r\nBcc: x@evil.example',
      text: 't',
      html: 'h',
      unsubscribeUrl: 'https://x.example/u\r\nX-Evil: 1',
    });
    expect(inputs[0].Content.Simple.Subject.Data).toBe('a Bcc: x@evil.example');
    expect(inputs[0].Content.Simple.Headers[0].Value).not.toMatch(/[\r\n]/);
  });
});
