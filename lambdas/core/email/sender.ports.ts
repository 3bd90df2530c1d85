/** Who an email is from: the From header and any Reply-To addresses. */
export interface Sender {
  from: string;
  replyTo: string[];
}

/**
 * The sender of the moment: a fixed address, or one the admins' settings shape (display name and
 * reply-to over the deployment's MAIL_FROM address), read through a short cache.
 */
export type SenderSource = string | (() => Promise<Sender>);

export async function resolveSender(source: SenderSource): Promise<Sender> {
  return typeof source === 'string' ? { from: source, replyTo: [] } : source();
}
