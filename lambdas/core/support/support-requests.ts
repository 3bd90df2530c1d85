import { effectivePlan } from '../../../shared/subscription';
import {
  SUPPORT_MESSAGES,
  type SupportMessage,
  type SupportRequestSummary,
  type SupportThread,
} from '../../../shared/support';
import type { SupportReplyInput, SupportRequestInput } from '../../../shared/support-schemas';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ConflictError, NotFoundError } from '../errors';
import { assertKnownIdShape } from '../known-id';
import { confirmationEmail } from './support-emails';
import type { SupportDeps, SupportRequestRecord } from './support.ports';

/** What the customer sees of a request: never the admins' assignee or the plan snapshot. */
export function summaryOf(r: SupportRequestRecord): SupportRequestSummary {
  return {
    id: r.id,
    subject: r.subject,
    page: r.page,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    firstResponseAt: r.firstResponseAt,
  };
}

export function threadOf(r: SupportRequestRecord, messages: SupportMessage[]): SupportThread {
  return { ...summaryOf(r), body: r.body, email: r.email, messages };
}

/**
 * `POST /api/support/requests`: stores the request with the account's plan (the queue's priority),
 * then emails the customer a confirmation. A failed email does not lose the request: it is stored
 * first and the thread at /support shows it.
 */
export async function createSupportRequest(
  caller: Caller,
  input: SupportRequestInput,
  deps: SupportDeps,
): Promise<{ id: string }> {
  const tenant = tenantOf(caller);
  const [profile, subscription] = await Promise.all([
    deps.accounts.getProfile(tenant),
    deps.accounts.getSubscription(tenant),
  ]);
  const now = deps.clock.now().toISOString();
  const request: SupportRequestRecord = {
    id: deps.ids.next(),
    tenantId: tenant,
    email: caller.email,
    company: profile?.company ?? null,
    plan: subscription ? effectivePlan(subscription) : 'none',
    subject: input.subject,
    body: input.body,
    page: input.page,
    status: 'open',
    assignee: null,
    createdAt: now,
    updatedAt: now,
    firstResponseAt: null,
  };
  await deps.requests.create(request);
  await deps.mailer.send(confirmationEmail(request, deps.appOrigin));
  return { id: request.id };
}

export async function listSupportRequests(tenant: TenantId, deps: SupportDeps) {
  const items = await deps.requests.listForAccount(tenant);
  items.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
  return { requests: items.map(summaryOf) };
}

async function requestOf(tenant: TenantId, id: string, deps: SupportDeps): Promise<SupportRequestRecord> {
  assertKnownIdShape(id, SUPPORT_MESSAGES.requestNotFound);
  const request = await deps.requests.get(tenant, id);
  if (!request) throw new NotFoundError(SUPPORT_MESSAGES.requestNotFound);
  return request;
}

export async function getSupportThread(tenant: TenantId, id: string, deps: SupportDeps) {
  const request = await requestOf(tenant, id, deps);
  return threadOf(request, await deps.requests.messages(tenant, id));
}

/** The customer's reply: the thread reopens for support (status `open`); a closed request takes none. */
export async function replyAsCustomer(
  caller: Caller,
  id: string,
  input: SupportReplyInput,
  deps: SupportDeps,
): Promise<SupportMessage> {
  const tenant = tenantOf(caller);
  const request = await requestOf(tenant, id, deps);
  if (request.status === 'closed') throw new ConflictError(SUPPORT_MESSAGES.requestClosed);
  const message = await addMessage(
    tenant,
    id,
    { author: 'customer', authorEmail: caller.email, body: input.body },
    deps,
  );
  await deps.requests.update(tenant, id, { status: 'open', updatedAt: message.at });
  return message;
}

/** Appends a message to a thread, stamped now with a new id. */
export async function addMessage(
  tenant: TenantId,
  requestId: string,
  m: Pick<SupportMessage, 'author' | 'authorEmail' | 'body'>,
  deps: Pick<SupportDeps, 'requests' | 'clock' | 'ids'>,
): Promise<SupportMessage> {
  const message: SupportMessage = { ...m, id: deps.ids.next(), at: deps.clock.now().toISOString() };
  await deps.requests.addMessage(tenant, requestId, message);
  return message;
}
