import { SSO_DEFAULT_ROLES, SSO_TYPES } from '../../../../shared/sso-names';
import { entityOf, gsiIndex, tableIndex } from './entity-kit';
import { TABLE_KEYS } from './table';

/**
 * An account's single sign-on provider (issue 24): one per account in its partition; `gsi1` finds it
 * by the Cognito provider name a federated sign-in names. The client secret is not here: it is
 * handed to the identity provider registration (Cognito) and never read back.
 */
export const ssoConnectionEntity = entityOf('ssoConnection', {
  attributes: {
    tenantId: { type: 'string', required: true, readOnly: true },
    providerName: { type: 'string', required: true, readOnly: true },
    type: { type: SSO_TYPES, required: true },
    domains: { type: 'list', items: { type: 'string' }, required: true },
    defaultRole: { type: SSO_DEFAULT_ROLES, required: true },
    issuerUrl: { type: 'string' },
    clientId: { type: 'string' },
    hasClientSecret: { type: 'boolean', required: true },
    metadataUrl: { type: 'string' },
    hasMetadataXml: { type: 'boolean', required: true },
    verificationToken: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byTenant: tableIndex(['tenantId'], []),
    byProvider: gsiIndex(TABLE_KEYS.gsi1, ['providerName'], []),
  },
});

/**
 * A proven email domain: its own partition, so "one account per domain" is a conditional create.
 * Made only once the domain's TXT record was found (or the local development switch said so).
 */
export const ssoDomainEntity = entityOf('ssoDomain', {
  attributes: {
    domain: { type: 'string', required: true, readOnly: true },
    tenantId: { type: 'string', required: true, readOnly: true },
    providerName: { type: 'string', required: true },
    provenAt: { type: 'string', required: true },
  },
  indexes: {
    byDomain: tableIndex(['domain'], []),
  },
});
