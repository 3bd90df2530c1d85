import { PLANS } from '../../../shared/plans';
import {
  SUPPORT_MESSAGES,
  compareQueue,
  respondBy,
  type SupportMessage,
  type SupportQueueItem,
} from '../../../shared/support';
import type { SupportReplyInput, SupportRequestUpdate } from '../../../shared/support-schemas';
import { tenantFromStore, type Caller } from '../caller';
import { NotFoundError } from '../errors';
import { assertKnownIdShape } from '../known-id';
import { replyEmail } from './support-emails';
import { addMessage, summaryOf, threadOf } from './support-requests';
import type { SupportDeps, SupportRequestRecord } from './support.ports';

function queueItemOf(r: SupportRequestRecord): SupportQueueItem {
  return {
    ...summaryOf(r),
    accountId: r.tenantId,
    email: r.email,
    company: r.company,
    plan: r.plan,
    prioritySupport: PLANS[r.plan].features.prioritySupport,
    assignee: r.assignee,
    respondBy: respondBy(r.plan, r.createdAt),
  };
}

/** `GET /api/admin/support/requests`: priority plans first, then the oldest (issue 22 §6). */
export async function supportQueue(closed: boolean, deps: Pick<SupportDeps, 'requests'>) {
  const items = (await deps.requests.listQueue(closed)).map(queueItemOf);
  return { requests: items.sort(compareQueue) };
}

async function anyRequest(id: string, deps: Pick<SupportDeps, 'requests'>): Promise<SupportRequestRecord> {
  assertKnownIdShape(id, SUPPORT_MESSAGES.requestNotFound);
  const request = await deps.requests.findById(id);
  if (!request) throw new NotFoundError(SUPPORT_MESSAGES.requestNotFound);
  return request;
}

export async function adminSupportThread(id: string, deps: SupportDeps) {
  const request = await anyRequest(id, deps);
  const messages = await deps.requests.messages(tenantFromStore(request.tenantId), id);
  return { ...threadOf(request, messages), ...queueItemOf(request) };
}

/**
 * `POST /api/admin/support/requests/{id}/replies`: the answer joins the thread, the request is
 * `answered` (its first answer time kept once), and the customer gets it by email.
 */
export async function replyAsSupport(
  admin: Caller,
  id: string,
  input: SupportReplyInput,
  deps: SupportDeps,
): Promise<SupportMessage> {
  const request = await anyRequest(id, deps);
  const tenant = tenantFromStore(request.tenantId);
  const message = await addMessage(
    tenant,
    id,
    { author: 'support', authorEmail: admin.email, body: input.body },
    deps,
  );
  const at = message.at;
  await deps.requests.markFirstResponse(tenant, id, at);
  await deps.requests.update(tenant, id, { status: 'answered', updatedAt: at });
  await deps.mailer.send(replyEmail(request, input.body, deps.appOrigin));
  return message;
}

/** `PATCH /api/admin/support/requests/{id}`: assign to an admin (or nobody), close or reopen. */
export async function updateSupportRequest(id: string, update: SupportRequestUpdate, deps: SupportDeps) {
  const request = await anyRequest(id, deps);
  const at = deps.clock.now().toISOString();
  const reopened = request.firstResponseAt ? 'answered' : 'open';
  await deps.requests.update(tenantFromStore(request.tenantId), id, {
    updatedAt: at,
    ...(update.assignee !== undefined ? { assignee: update.assignee } : {}),
    ...(update.status === 'closed' ? { status: 'closed' } : {}),
    ...(update.status === 'open' && request.status === 'closed' ? { status: reopened } : {}),
  });
  return adminSupportThread(id, deps);
}
