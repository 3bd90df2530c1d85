import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import * as samlify from 'samlify';
import type { FederatedProvider } from '../../lambdas/core/sso/sso.ports';

export interface SamlUpstream {
  /** The IdP's sign-in URL (HTTP-Redirect binding) with a signed-for request, for `relayState`. */
  start(p: FederatedProvider, relayState: string): Promise<string>;
  /** The checked identity of a posted `SAMLResponse`; throws when any check fails. */
  finish(
    p: FederatedProvider,
    samlResponse: string,
  ): Promise<{ sub: string; email: string; emailVerified: boolean }>;
}

// samlify validates XML against a schema only once a validator is set; it is used here to read
// metadata, never to trust a response (node-saml does that).
samlify.setSchemaValidator({ validate: async () => 'metadata read without schema validation' });

/** samlify names bindings by their short name. */
const REDIRECT = 'redirect';

/**
 * The SAML half of the managed login: the IdP's sign-on URL and signing certificate from its metadata
 * (URL or XML, as the owner registered it), the AuthnRequest, and the verification of the answer by
 * `@node-saml/node-saml`: the signature against the metadata's certificate (a changed byte fails),
 * the audience (our SP entity id), and InResponseTo (a response to no request of ours fails).
 */
export function createSamlUpstream(opts: { spEntityId: string; acsUrl: string }): SamlUpstream {
  const clients = new Map<string, { key: string; saml: Promise<SAML> }>();

  async function metadataOf(p: FederatedProvider): Promise<string> {
    if (p.metadataXml) return p.metadataXml;
    const res = await fetch(p.metadataUrl!, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`Metadata answered ${res.status}`);
    return res.text();
  }

  async function build(p: FederatedProvider): Promise<SAML> {
    const idp = samlify.IdentityProvider({ metadata: await metadataOf(p) });
    const sso = idp.entityMeta.getSingleSignOnService(REDIRECT);
    const entryPoint = typeof sso === 'string' ? sso : undefined;
    const cert = idp.entityMeta.getX509Certificate('signing');
    const certs = (Array.isArray(cert) ? cert : [cert]).filter((c): c is string => typeof c === 'string');
    if (!entryPoint || certs.length === 0)
      throw new Error('The metadata names no HTTP-Redirect sign-on URL or signing certificate.');
    return new SAML({
      entryPoint,
      idpCert: certs.map((c) => c.replace(/\s+/g, '')),
      issuer: opts.spEntityId,
      audience: opts.spEntityId,
      callbackUrl: opts.acsUrl,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: 10 * 60_000,
      acceptedClockSkewMs: 5000,
    });
  }

  const clientOf = (p: FederatedProvider) => {
    const key = p.metadataXml ?? p.metadataUrl ?? '';
    const cached = clients.get(p.providerName);
    if (cached?.key === key) return cached.saml;
    const saml = build(p);
    saml.catch(() => clients.delete(p.providerName));
    clients.set(p.providerName, { key, saml });
    return saml;
  };

  return {
    async start(p, relayState) {
      return (await clientOf(p)).getAuthorizeUrlAsync(relayState, undefined, {});
    },
    async finish(p, samlResponse) {
      const { profile } = await (await clientOf(p)).validatePostResponseAsync({ SAMLResponse: samlResponse });
      const email = String(
        profile?.email ??
          profile?.['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'] ??
          profile?.nameID ??
          '',
      ).toLowerCase();
      if (!profile || !email.includes('@')) throw new Error('The assertion names no email address.');
      // The IdP's signature vouches for the address: SAML has no email_verified of its own.
      return { sub: profile.nameID ?? email, email, emailVerified: true };
    },
  };
}
