import { SESv2Client, SendEmailCommand, type Attachment } from '@aws-sdk/client-sesv2';
import type { Mailer, OutgoingEmail } from '../../core/ports';
import type { AttachmentMailer, EmailAttachment } from '../../core/reports/report-schedules.ports';
import { resolveSender, type SenderSource } from '../../core/email/sender.ports';

export function createSesClient(opts: { region: string; endpoint?: string }): SESv2Client {
  return new SESv2Client({
    region: opts.region,
    // aws-ses-v2-local can hang on some calls; never let a send wait forever.
    requestHandler: { requestTimeout: 10_000 },
    ...(opts.endpoint
      ? { endpoint: opts.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
}

export class SesMailer implements Mailer, AttachmentMailer {
  constructor(
    private readonly client: SESv2Client,
    private readonly from: SenderSource,
    private readonly configurationSet?: string,
  ) {}

  async send(email: OutgoingEmail): Promise<{ messageId: string }> {
    return this.sendSimple(email, []);
  }

  /**
   * With files: SES v2 `Content.Simple.Attachments` (the SDK and aws-ses-v2-local both take it), so SES
   * builds the MIME message itself and no hand-made multipart is needed.
   */
  async sendWithAttachments(
    email: Parameters<AttachmentMailer['sendWithAttachments']>[0],
  ): Promise<{ messageId: string }> {
    return this.sendSimple(email, email.attachments.map(sesAttachment));
  }

  private async sendSimple(email: OutgoingEmail, attachments: Attachment[]): Promise<{ messageId: string }> {
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

/** One file as SES v2 takes it: the raw bytes (the SDK base64-encodes blobs), disposition attachment. */
export function sesAttachment(file: EmailAttachment): Attachment {
  return {
    FileName: file.fileName,
    ContentType: file.contentType,
    RawContent: file.bytes,
    ContentDisposition: 'ATTACHMENT',
    ContentTransferEncoding: 'BASE64',
  };
}
