import { defaultTemplate } from '../../../shared/email/defaults';
import { renderNotice, type NoticeRenderInput } from '../../../shared/email/render';
import { sampleNoticeInput } from '../../../shared/email/sample';
import {
  EMAIL_AUDIENCE_LABEL,
  EMAIL_KIND_LABEL,
  emailTemplateInputSchema,
  type EmailAudience,
  type EmailKind,
  type EmailTemplate,
  type EmailTemplateFields,
  type RenderedEmail,
  type TemplatePreviewRequest,
  type TemplateText,
  type TestEmailRequest,
} from '../../../shared/email/template';
import type { ListResponse } from '../../../shared/records';
import type { AccountRepo } from '../account/account.ports';
import { planLimit } from '../billing/entitlements';
import { withinLimit } from '../../../shared/plans';
import { GuardRefusedError } from '../records/records.ports';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { ListQuery } from '../records/list-page';
import { listRecords, mergePatch, newRecord, nextVersion } from '../records/record-crud';
import type { Clock, IdGenerator } from '../runtime.ports';
import type { EmailTemplateRepo, NoticeMailer, NoticeMessage } from './email.ports';
import type { UnsubscribeTokens } from './unsubscribe';
import type { IdempotencyStore } from '../records/idempotency.ports';
import type { BrandLookup } from '../brand/brand';
import type { BrandLook } from '../../../shared/brand';
import { brandSenderName } from '../../../shared/email/brand-parts';

const NOUN = 'Email template';

export interface EmailTemplatesDeps {
  templates: EmailTemplateRepo;
  accounts: Pick<AccountRepo, 'getSubscription' | 'getProfile'>;
  clock: Clock;
  ids: IdGenerator;
  /** The creates' `Idempotency-Key` records (the records store's). */
  idempotency?: IdempotencyStore;
}

export async function listTemplates(
  tenant: TenantId,
  query: ListQuery,
  deps: Pick<EmailTemplatesDeps, 'templates'>,
): Promise<ListResponse<EmailTemplate>> {
  return listRecords(deps.templates, tenant, query, (t) => [t.name, t.subject, t.kind, t.audience]);
}

export async function getTemplate(
  tenant: TenantId,
  id: string,
  deps: Pick<EmailTemplatesDeps, 'templates'>,
): Promise<EmailTemplate> {
  const template = await deps.templates.get(tenant, id);
  if (!template) throw new NotFoundError(`${NOUN} not found`);
  return template;
}

/** One template per kind × audience: it replaces the default wording for that pair (409 otherwise). */
function assertPairFree(all: readonly EmailTemplate[], fields: EmailTemplateFields, selfId: string | null) {
  const taken = all.find((t) => t.kind === fields.kind && t.audience === fields.audience && t.id !== selfId);
  if (taken)
    throw new ConflictError(
      `"${taken.name}" is already the ${EMAIL_KIND_LABEL[fields.kind].toLowerCase()} template for ${EMAIL_AUDIENCE_LABEL[fields.audience].toLowerCase()}. Edit it, or delete it first.`,
    );
}

/**
 * Creates a template within the plan's `maxEmailTemplates` (403 naming the limit otherwise) and
 * one per kind × audience (409): checked on the read for a clear message, and held by the store's
 * conditional writes when requests race.
 */
export async function createTemplate(
  caller: Caller,
  input: EmailTemplateFields,
  deps: EmailTemplatesDeps,
): Promise<EmailTemplate> {
  const tenant = tenantOf(caller);
  const [all, limit] = await Promise.all([
    deps.templates.list(tenant),
    planLimit('emailTemplate', caller, deps.accounts),
  ]);
  if (!withinLimit(limit.max, all.length)) throw limit.refusal;
  assertPairFree(all, input, null);
  const template: EmailTemplate = newRecord(input, deps);
  try {
    await deps.templates.create(tenant, template, limit.max);
  } catch (err) {
    if (!(err instanceof GuardRefusedError)) throw err;
    if (err.reason === 'limit') throw limit.refusal;
    await pairTakenMeanwhile(tenant, input, null, deps);
  }
  return template;
}

/** Another request took the kind × audience since the read: the same 409, naming that template. */
async function pairTakenMeanwhile(
  tenant: TenantId,
  fields: EmailTemplateFields,
  selfId: string | null,
  deps: Pick<EmailTemplatesDeps, 'templates'>,
): Promise<never> {
  assertPairFree(await deps.templates.list(tenant), fields, selfId);
  throw new ConflictError(`Another ${NOUN.toLowerCase()} already covers this kind and audience.`);
}

export async function updateTemplate(
  tenant: TenantId,
  id: string,
  patch: Partial<EmailTemplateFields>,
  deps: EmailTemplatesDeps,
): Promise<EmailTemplate> {
  const stored = await getTemplate(tenant, id, deps);
  const merged = mergePatch(emailTemplateInputSchema, stored, patch);
  if (merged.kind !== stored.kind || merged.audience !== stored.audience)
    assertPairFree(await deps.templates.list(tenant), merged, id);
  const next: EmailTemplate = nextVersion(merged, stored, deps.clock);
  try {
    if (await deps.templates.replace(tenant, next, stored.updatedAt)) return next;
  } catch (err) {
    if (err instanceof GuardRefusedError) await pairTakenMeanwhile(tenant, merged, id, deps);
    throw err;
  }
  if (!(await deps.templates.get(tenant, id))) throw new NotFoundError(`${NOUN} not found`);
  throw new ConflictError(`${NOUN} was changed by someone else. Reload it and try again.`);
}

export async function deleteTemplate(
  tenant: TenantId,
  id: string,
  deps: Pick<EmailTemplatesDeps, 'templates'>,
): Promise<void> {
  await getTemplate(tenant, id, deps);
  await deps.templates.remove(tenant, id);
}

/**
 * The wording the dispatch uses for kind × audience: the account's own template, else the default.
 * Pass `all` when the account's templates are already loaded for the run.
 */
export function pickTemplate(
  all: readonly EmailTemplate[],
  kind: EmailKind,
  audience: EmailAudience,
): TemplateText {
  const own = all.find((t) => t.kind === kind && t.audience === audience);
  return own ? { subject: own.subject, body: own.body } : defaultTemplate(kind, audience);
}

export async function templateFor(
  tenant: TenantId,
  kind: EmailKind,
  audience: EmailAudience,
  deps: Pick<EmailTemplatesDeps, 'templates'>,
): Promise<TemplateText> {
  return pickTemplate(await deps.templates.list(tenant), kind, audience);
}

/** The account's company and owner name, which the sample notice shows instead of the sample's. */
async function sampleAccount(caller: Caller, accounts: Pick<AccountRepo, 'getProfile'>) {
  const profile = await accounts.getProfile(tenantOf(caller));
  return profile ? { company: profile.company, name: profile.name } : null;
}

/**
 * `POST /api/email-templates/preview`: the subject and body rendered with the sample notice,
 * carrying the account's own company and name.
 */
export async function previewTemplate(
  caller: Caller,
  request: Required<Omit<TemplatePreviewRequest, 'simulated'>> & { simulated?: boolean },
  deps: { appOrigin: string; accounts: Pick<AccountRepo, 'getProfile'>; brands?: BrandLookup },
): Promise<RenderedEmail> {
  const brand = deps.brands ? await deps.brands(tenantOf(caller)) : null;
  return renderNotice(
    withBrand(
      sampleNoticeInput({
        kind: request.kind,
        audience: request.audience,
        template: { subject: request.subject, body: request.body },
        appOrigin: deps.appOrigin,
        simulated: request.simulated ?? false,
        account: await sampleAccount(caller, deps.accounts),
      }),
      brand,
    ),
  );
}

export interface TestEmailDeps {
  templates: EmailTemplateRepo;
  accounts: Pick<AccountRepo, 'getProfile'>;
  mailer: NoticeMailer;
  appOrigin: string;
  /** The account's active brand (issue 24): the test shows what crews will get. */
  brands?: BrandLookup;
}

/** The sample notice as a white-labelled account's crews get it: its name, look and footer. */
function withBrand(input: NoticeRenderInput, brand: BrandLook | null): NoticeRenderInput {
  if (!brand) return input;
  return {
    ...input,
    brand,
    contractor: input.contractor ? { ...input.contractor, company: brand.companyName } : input.contractor,
  };
}

export const TEST_EMAIL_NEEDS_VERIFIED =
  'Verify your email address before sending a test: tests go only to your own verified address.';

/**
 * `POST /api/email/test`: a saved template (or the default for kind × audience) rendered with the
 * sample notice and sent to the caller's own verified address, never anyone else's.
 */
export async function sendTestEmail(
  caller: Caller,
  request: Required<Pick<TestEmailRequest, 'kind' | 'audience'>> & { templateId?: string },
  deps: TestEmailDeps,
): Promise<{ to: string; messageId: string; subject: string }> {
  if (!caller.emailVerified || !caller.email) throw new ForbiddenError(TEST_EMAIL_NEEDS_VERIFIED);
  const tenant = tenantOf(caller);
  let kind = request.kind;
  let audience = request.audience;
  let template: TemplateText | null = null;
  if (request.templateId) {
    const saved = await getTemplate(tenant, request.templateId, deps);
    ({ kind, audience } = saved);
    template = { subject: saved.subject, body: saved.body };
  }
  const brand = deps.brands ? await deps.brands(tenant) : null;
  const rendered = renderNotice(
    withBrand(
      sampleNoticeInput({
        kind,
        audience,
        template,
        appOrigin: deps.appOrigin,
        simulated: false,
        account: await sampleAccount(caller, deps.accounts),
      }),
      brand,
    ),
  );
  const subject = `[Test] ${rendered.subject}`;
  const fromName = brand ? brandSenderName(brand) : null;
  const { messageId } = await deps.mailer.send({
    to: caller.email,
    subject,
    text: rendered.text,
    html: rendered.html,
    ...(fromName ? { fromName } : {}),
  });
  return { to: caller.email, messageId, subject };
}

/** One person a notice goes to. Workers and managers are worker records; the client is not. */
export interface NoticeRecipient {
  audience: EmailAudience;
  email: string;
  name: string | null;
  /** The worker record (workers and managers): their own unsubscribe link is built from it. */
  workerId?: string;
}

export type ComposeNoticeInput = Omit<
  NoticeRenderInput,
  'audience' | 'template' | 'recipientName' | 'unsubscribeUrl'
> & {
  /** The account (a stored owner id: the dispatch is a trusted, non-request path). */
  tenantId: string;
  /** The account's templates, loaded once per run; the default wording fills the gaps. */
  templates: readonly EmailTemplate[];
  recipient: NoticeRecipient;
};

/**
 * The message for one recipient: the account's template for kind × audience (or the default),
 * rendered, with the recipient's own signed unsubscribe link when they are a worker record. Check
 * `canReceive(worker)` before calling: this composes, it does not decide who may be sent to.
 */
export function composeNotice(
  input: ComposeNoticeInput,
  tokens: Pick<UnsubscribeTokens, 'url'>,
): NoticeMessage {
  const { tenantId, templates, recipient, ...rest } = input;
  const unsubscribeUrl = recipient.workerId
    ? tokens.url(input.appOrigin, { tenantId, workerId: recipient.workerId, email: recipient.email })
    : null;
  const rendered = renderNotice({
    ...rest,
    audience: recipient.audience,
    template: pickTemplate(templates, input.kind, recipient.audience),
    recipientName: recipient.name,
    unsubscribeUrl,
  });
  return { to: recipient.email, ...rendered, ...(unsubscribeUrl ? { unsubscribeUrl } : {}) };
}
