import { planHas, planRefusal } from '../../../shared/plan-refusal';
import type { PutSsoInput, SsoDomainView, SsoView } from '../../../shared/sso';
import { SSO_MESSAGES, SSO_TXT_LABEL, SSO_TXT_PREFIX } from '../../../shared/sso-names';
import type { AccountRepo } from '../account/account.ports';
import { accountPlan } from '../api-keys/api-keys';
import { tenantOf, type Caller, type TenantId } from '../caller';
import { ConflictError, ForbiddenError, ValidationError } from '../errors';
import type { Clock } from '../runtime.ports';
import { underSaveLease } from './sso-save-lease';
import type { DomainProof, IdentityProviders, SsoConnection, SsoLogin, SsoStore } from './sso.ports';

export interface SsoSettingsDeps {
  store: SsoStore;
  providers: IdentityProviders;
  proof: DomainProof;
  accounts: Pick<AccountRepo, 'getSubscription'>;
  clock: Clock;
  login: SsoLogin;
  /** The pause between attempts at the save lease (`underSaveLease`). */
  sleep: (ms: number) => Promise<void>;
}

/** Cognito's provider names are at most 32 characters: `rc` and the account's id without dashes. */
export const providerNameOf = (tenant: string): string => `rc${tenant.replace(/-/g, '')}`.slice(0, 32);

const txtValue = (token: string) => `${SSO_TXT_PREFIX}${token}`;

function assertOwner(caller: Caller): void {
  if ((caller.role ?? 'owner') !== 'owner') throw new ForbiddenError(SSO_MESSAGES.ownerOnly);
}

/** Refuses (403 naming the plan) an account whose plan lacks `singleSignOn`. */
export async function assertSingleSignOn(
  tenant: TenantId,
  accounts: Pick<AccountRepo, 'getSubscription'>,
): Promise<void> {
  const plan = await accountPlan(tenant, accounts);
  if (!planHas(plan, 'singleSignOn')) throw new ForbiddenError(planRefusal('singleSignOn', plan));
}

async function domainViews(tenant: TenantId, c: SsoConnection, store: SsoStore): Promise<SsoDomainView[]> {
  const claims = await Promise.all(c.domains.map((d) => store.claimOf(d)));
  return c.domains.map((domain, i) => ({
    domain,
    verified: claims[i]?.tenantId === tenant,
    txtName: `${SSO_TXT_LABEL}.${domain}`,
    txtValue: txtValue(c.verificationToken),
  }));
}

function view(c: SsoConnection, domains: SsoDomainView[], login: SsoLogin): SsoView {
  return {
    configured: true,
    type: c.type,
    providerName: c.providerName,
    domains,
    defaultRole: c.defaultRole,
    ...(c.type === 'oidc'
      ? { issuerUrl: c.issuerUrl, clientId: c.clientId, hasClientSecret: c.hasClientSecret }
      : { metadataUrl: c.metadataUrl, hasMetadataXml: c.hasMetadataXml }),
    callbackUrl: c.type === 'oidc' ? login.oidcCallbackUrl : login.samlAcsUrl,
    verificationValue: txtValue(c.verificationToken),
  };
}

export async function getSso(caller: Caller, deps: SsoSettingsDeps): Promise<SsoView> {
  assertOwner(caller);
  const tenant = tenantOf(caller);
  await assertSingleSignOn(tenant, deps.accounts);
  const c = await deps.store.connection(tenant);
  // Before the first save the page still shows the value to publish; it is kept on the first save.
  if (!c) return { configured: false, verificationValue: txtValue(providerNameOf(tenant)) };
  return view(c, await domainViews(tenant, c, deps.store), deps.login);
}

/**
 * Registers (or changes) the account's provider. Each domain not yet the account's is checked for its
 * TXT record and claimed with a conditional write, so two accounts can never both own a domain; a
 * domain without its record stays listed as waiting. Saving again is safe: it re-checks and re-puts.
 */
export async function putSso(caller: Caller, input: PutSsoInput, deps: SsoSettingsDeps): Promise<SsoView> {
  assertOwner(caller);
  const tenant = tenantOf(caller);
  await assertSingleSignOn(tenant, deps.accounts);
  if (input.type === 'saml' && !input.metadataUrl && !input.metadataXml)
    throw new ValidationError('metadataUrl', SSO_MESSAGES.metadataRequired);
  // One save of an account at a time, so the provider always ends with the values the table ends with.
  return underSaveLease(tenant, deps, () => saveSso(tenant, input, deps));
}

async function saveSso(tenant: TenantId, input: PutSsoInput, deps: SsoSettingsDeps): Promise<SsoView> {
  const existing = await deps.store.connection(tenant);
  const providerName = providerNameOf(tenant);
  // Bound to the account (its provider name), so it needs no secrecy: proving a domain means publishing
  // this account's value in that domain's DNS, which only the domain's holder can do.
  const verificationToken = existing?.verificationToken ?? providerName;
  if (
    input.type === 'oidc' &&
    !input.clientSecret &&
    !(existing?.type === 'oidc' && existing.hasClientSecret)
  )
    throw new ValidationError('clientSecret', SSO_MESSAGES.clientSecretRequired);

  for (const domain of input.domains) {
    const claim = await deps.store.claimOf(domain);
    if (claim && claim.tenantId !== tenant) throw new ConflictError(SSO_MESSAGES.domainTaken(domain));
    if (claim) continue;
    if (!(await deps.proof.proven(domain, txtValue(verificationToken)))) continue;
    if (!(await deps.store.claimDomain({ domain, tenantId: tenant, providerName })))
      throw new ConflictError(SSO_MESSAGES.domainTaken(domain));
  }
  for (const dropped of existing?.domains.filter((d) => !input.domains.includes(d)) ?? [])
    await deps.store.releaseDomain(tenant, dropped);

  await deps.providers.put({
    providerName,
    type: input.type,
    domains: input.domains,
    ...(input.type === 'oidc'
      ? { issuerUrl: input.issuerUrl, clientId: input.clientId, clientSecret: input.clientSecret }
      : { metadataUrl: input.metadataUrl, metadataXml: input.metadataXml }),
  });
  const connection: SsoConnection = {
    tenantId: tenant,
    type: input.type,
    providerName,
    domains: input.domains,
    defaultRole: input.defaultRole,
    verificationToken,
    updatedAt: deps.clock.now().toISOString(),
    ...(input.type === 'oidc'
      ? {
          issuerUrl: input.issuerUrl,
          clientId: input.clientId,
          hasClientSecret: true,
          hasMetadataXml: false,
        }
      : {
          metadataUrl: input.metadataUrl,
          hasClientSecret: false,
          hasMetadataXml: input.metadataXml !== undefined,
        }),
  };
  await deps.store.putConnection(connection);
  return view(connection, await domainViews(tenant, connection, deps.store), deps.login);
}
