import type { OutgoingEmail } from '../email/email.ports';
import type { SupportRequestRecord } from './support.ports';

/** The customer's copy of what they sent, and where the thread lives. */
export function confirmationEmail(request: SupportRequestRecord, appOrigin: string): OutgoingEmail {
  const link = `${appOrigin}/support/${request.id}`;
  return {
    to: [request.email],
    subject: `We received your support request: ${request.subject}`,
    text: [
      'Thanks for writing to Raincheck support. We will answer in your support thread and by email.',
      '',
      `Subject: ${request.subject}`,
      `Page: ${request.page}`,
      '',
      request.body,
      '',
      `Follow the thread: ${link}`,
    ].join('\n'),
  };
}

/** An admin's answer, in full, with the link to reply in the thread. */
export function replyEmail(request: SupportRequestRecord, body: string, appOrigin: string): OutgoingEmail {
  const link = `${appOrigin}/support/${request.id}`;
  return {
    to: [request.email],
    subject: `Re: ${request.subject}`,
    text: ['Raincheck support answered your request:', '', body, '', `Reply in the thread: ${link}`].join(
      '\n',
    ),
  };
}
