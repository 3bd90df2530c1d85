import {
  GetAccountCommand,
  MessageRejected,
  SESv2Client,
  SendEmailCommand,
  TooManyRequestsException,
  type SendEmailCommandInput,
} from '@aws-sdk/client-sesv2';
import { createSesClient } from '../../../lambdas/adapters/ses/ses.mailer';
import { isThrottling } from '../../../lambdas/adapters/ses/ses.notice-mailer';
import { answeredBy, withoutPerSendHeaders, type Answer } from '../lambdas/sdk-answers';

const ENDPOINT = 'http://127.0.0.1:9';

/** The client as the SDK builds it by default, with the same endpoint and keys. */
const sdkDefaultClient = () =>
  new SESv2Client({
    region: 'us-east-1',
    endpoint: ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const sent = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"MessageId":"m-1"}' };

/** What JSON has to escape, and what it carries as UTF-8: quotes, breaks, controls, accents, emoji. */
const HARD_TEXT = 'Hi "crew",\n\tno pour at Union Station – 6:00\u2028é ✓ 😀 \u0001 back\\slash </script>';

const notice: SendEmailCommandInput = {
  FromEmailAddress: 'Acme Builders <alerts@raincheck.example>',
  ReplyToAddresses: ['office@acme.example'],
  Destination: { ToAddresses: ['ana@example.com'] },
  ConfigurationSetName: 'raincheck',
  Content: {
    Simple: {
      Subject: { Data: 'Weather day at Union Station – Tue, Mar 10', Charset: 'UTF-8' },
      Body: {
        Text: { Data: HARD_TEXT, Charset: 'UTF-8' },
        Html: {
          Data: `<p class="rc-card" style="color:#101418">${HARD_TEXT}</p>`.repeat(40),
          Charset: 'UTF-8',
        },
      },
      Headers: [
        { Name: 'List-Unsubscribe', Value: '<https://app.example.com/unsubscribe?token=a.b>' },
        { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
      ],
    },
  },
};

const withAttachment: SendEmailCommandInput = {
  ...notice,
  Content: {
    Simple: {
      ...notice.Content!.Simple!,
      Attachments: [
        {
          FileName: 'report.pdf',
          ContentType: 'application/pdf',
          RawContent: new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255]),
          ContentDisposition: 'ATTACHMENT',
        },
      ],
    },
  },
};

async function requestOf(client: SESv2Client, input: SendEmailCommandInput) {
  const requests = answeredBy(client, () => sent);
  const out = await client.send(new SendEmailCommand(input));
  expect(out.MessageId).toBe('m-1');
  return requests[0]!;
}

async function errorOf(client: SESv2Client, answer: Answer) {
  answeredBy(client, () => answer);
  return client.send(new SendEmailCommand(notice)).then(
    () => {
      throw new Error('the send should have failed');
    },
    (err: unknown) => err as Error & { $metadata: { httpStatusCode?: number }; $fault: string },
  );
}

describe('createSesClient', () => {
  it.each([
    ['a notice', notice],
    ['an email with an attachment', withAttachment],
  ])('should send %s byte for byte as the SDK default client does', async (_, input) => {
    const ours = await requestOf(createSesClient({ region: 'us-east-1', endpoint: ENDPOINT }), input);
    const theirs = await requestOf(sdkDefaultClient(), input);
    expect(ours.body).toBe(theirs.body);
    // Written by JSON.stringify (lambdas/adapters/aws-sdk/json-protocols.ts), not byte by byte.
    expect([ours.bodyType, theirs.bodyType]).toEqual(['text', 'bytes']);
    expect(JSON.parse(ours.body)).toMatchObject({ Destination: { ToAddresses: ['ana@example.com'] } });
    expect(`${ours.method} ${ours.path}`).toBe(`${theirs.method} ${theirs.path}`);
    expect(withoutPerSendHeaders(ours.headers)).toEqual(withoutPerSendHeaders(theirs.headers));
  });

  it('should read an answer as the SDK default client does', async () => {
    const account = {
      SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 12.5 },
      SendingEnabled: true,
      ProductionAccessEnabled: true,
      EnforcementStatus: 'HEALTHY',
      Details: { MailType: 'TRANSACTIONAL', WebsiteURL: 'https://raincheck.example', ContactLanguage: 'EN' },
      SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    };
    const read = async (client: SESv2Client) => {
      answeredBy(client, () => ({ status: 200, body: JSON.stringify(account) }));
      const { $metadata: _, ...out } = await client.send(new GetAccountCommand({}));
      return out;
    };
    const ours = await read(createSesClient({ region: 'us-east-1', endpoint: ENDPOINT }));
    expect(ours).toEqual(await read(sdkDefaultClient()));
    expect(ours.SendQuota?.MaxSendRate).toBe(14);
  });

  it('should name an SES throttle as the SDK default client does, so the mailer retries it', async () => {
    const throttle: Answer = {
      status: 429,
      headers: { 'x-amzn-errortype': 'TooManyRequestsException', 'content-type': 'application/json' },
      body: '{"message":"Maximum sending rate exceeded."}',
    };
    const ours = await errorOf(createSesClient({ region: 'us-east-1', endpoint: ENDPOINT }), throttle);
    const theirs = await errorOf(sdkDefaultClient(), throttle);
    expect(ours).toBeInstanceOf(TooManyRequestsException);
    expect(ours.name).toBe('TooManyRequestsException');
    expect(ours.message).toBe('Maximum sending rate exceeded.');
    expect(ours.$metadata.httpStatusCode).toBe(429);
    expect(isThrottling(ours)).toBe(true);
    expect([ours.name, ours.message, ours.$fault]).toEqual([theirs.name, theirs.message, theirs.$fault]);
  });

  it('should name a rejected message, which is not retried', async () => {
    const rejected: Answer = {
      status: 400,
      headers: {
        'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/',
      },
      body: '{"message":"Email address is not verified."}',
    };
    const ours = await errorOf(createSesClient({ region: 'us-east-1', endpoint: ENDPOINT }), rejected);
    expect(ours).toBeInstanceOf(MessageRejected);
    expect(ours.message).toBe('Email address is not verified.');
    expect(isThrottling(ours)).toBe(false);
  });
});
