import type { Attachment } from '@aws-sdk/client-sesv2';
import type { AttachmentMailer, EmailAttachment } from '../../core/reports/report-schedules.ports';
import { SesMailer } from './ses.mailer';

/**
 * Email with files (scheduled reports): SES v2 `Content.Simple.Attachments`, which the SDK and
 * aws-ses-v2-local both take, so SES builds the MIME message itself and no hand-made multipart is
 * needed. Its own file, so the Lambdas that send only plain mail do not bundle it.
 */
export class SesAttachmentMailer extends SesMailer implements AttachmentMailer {
  async sendWithAttachments(
    email: Parameters<AttachmentMailer['sendWithAttachments']>[0],
  ): Promise<{ messageId: string }> {
    return this.sendSimple(email, email.attachments.map(sesAttachment));
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
