import fs from 'node:fs';
import type { FederatedProvider, IdentityProviders } from '../../lambdas/core/sso/sso.ports';

/**
 * The user pool's identity providers as the federation front knows them: what CreateIdentityProvider
 * and UpdateIdentityProvider keep in Cognito (cognito-local has no such operations). The API's SSO
 * settings write here through the same port as the Cognito adapter; the secret stays here, never in
 * the table. Kept in a file of the stack's data folder (0600) so a restart keeps the providers.
 */
export class LocalProviderRegistry implements IdentityProviders {
  private readonly providers = new Map<string, FederatedProvider>();

  constructor(private readonly file: string | null) {
    if (file && fs.existsSync(file)) {
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as FederatedProvider[];
      for (const p of saved) this.providers.set(p.providerName, p);
    }
  }

  async put(provider: FederatedProvider): Promise<void> {
    const before = this.providers.get(provider.providerName);
    // As UpdateIdentityProvider: a secret left out keeps the one registered.
    const clientSecret = provider.clientSecret ?? before?.clientSecret;
    this.providers.set(provider.providerName, { ...provider, ...(clientSecret ? { clientSecret } : {}) });
    if (this.file)
      fs.writeFileSync(this.file, JSON.stringify([...this.providers.values()], null, 2), { mode: 0o600 });
  }

  get(providerName: string): FederatedProvider | null {
    return this.providers.get(providerName) ?? null;
  }
}
