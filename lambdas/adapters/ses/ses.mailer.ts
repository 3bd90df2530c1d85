import { SESv2Client, SendEmailCommand, errorTypeRegistries, type Attachment } from '@aws-sdk/client-sesv2';
import { collectBody } from '../aws-sdk/collect-body';
import { stringifiedRestJson } from '../aws-sdk/json-protocols';
import type { Mailer, OutgoingEmail } from '../../core/ports';
import { resolveSender, type SenderSource } from '../../core/email/sender.ports';

export function createSesClient(opts: { region: string; endpoint?: string }): SESv2Client {
  // Bodies written with JSON.stringify (aws-sdk/json-protocols.ts); SESv2 speaks restJson1.
  const protocol = stringifiedRestJson({ defaultNamespace: 'com.amazonaws.sesv2', errorTypeRegistries });
  return new SESv2Client({
    region: opts.region,
    ...(protocol ? { protocol } : {}),
    streamCollector: collectBody,
    // aws-ses-v2-local can hang on some calls; never let a send wait forever.
    requestHandler: { requestTimeout: 10_000 },
    // One middleware chain per command kind, resolved on its first send rather than on every send
    // (issue 26 item 5: ~4% of the dispatcher's CPU went to resolving the chain). Nothing here adds
    // middleware to a command or passes per-call options.
    cacheMiddleware: true,
    ...(opts.endpoint
      ? { endpoint: opts.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
}

export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESv2Client,
    private readonly from: SenderSource,
    private readonly configurationSet?: string,
  ) {}

  async send(email: OutgoingEmail): Promise<{ messageId: string }> {
    return this.sendSimple(email, []);
  }

  protected async sendSimple(
    email: OutgoingEmail,
    attachments: Attachment[],
  ): Promise<{ messageId: string }> {
    const sender = await resolveSender(this.from);
    const res = await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: sender.from,
        ...(sender.replyTo.length ? { ReplyToAddresses: sender.replyTo } : {}),
        Destination: { ToAddresses: email.to },
        ConfigurationSetName: this.configurationSet,
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: email.text, Charset: 'UTF-8' },
              ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
            },
            ...(attachments.length ? { Attachments: attachments } : {}),
          },
        },
      }),
    );
    return { messageId: res.MessageId ?? '' };
  }
}
