import { Entity } from 'electrodb';
import { SSO_DEFAULT_ROLES, SSO_TYPES } from '../../../../shared/sso-names';
import { SERVICE, TABLE_KEYS, type EntityConfig } from './table';

/**
 * An account's single sign-on provider (issue 24): one per account in its partition; `gsi1` finds it
 * by the Cognito provider name a federated sign-in names. The client secret is not here: it is
 * handed to the identity provider registration (Cognito) and never read back.
 */
export function ssoConnectionEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'ssoConnection', version: '1', service: SERVICE },
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
        byTenant: {
          pk: { field: TABLE_KEYS.pk, composite: ['tenantId'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
        byProvider: {
          index: TABLE_KEYS.gsi1.name,
          pk: { field: TABLE_KEYS.gsi1.pk, composite: ['providerName'] },
          sk: { field: TABLE_KEYS.gsi1.sk, composite: [] },
        },
      },
    },
    config,
  );
}

/**
 * A proven email domain: its own partition, so "one account per domain" is a conditional create.
 * Made only once the domain's TXT record was found (or the local development switch said so).
 */
export function ssoDomainEntity(config: EntityConfig) {
  return new Entity(
    {
      model: { entity: 'ssoDomain', version: '1', service: SERVICE },
      attributes: {
        domain: { type: 'string', required: true, readOnly: true },
        tenantId: { type: 'string', required: true, readOnly: true },
        providerName: { type: 'string', required: true },
        provenAt: { type: 'string', required: true },
      },
      indexes: {
        byDomain: {
          pk: { field: TABLE_KEYS.pk, composite: ['domain'] },
          sk: { field: TABLE_KEYS.sk, composite: [] },
        },
      },
    },
    config,
  );
}
