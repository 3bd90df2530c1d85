// oidc-provider ships no types: what the local OIDC provider uses of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export interface KoaContextWithOIDC {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: { Grant: new (init: { accountId: string; clientId: string }) => Grant };
    };
  }
  export interface Account {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }
  export interface Configuration {
    clients: Record<string, unknown>[];
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    pkce?: { required: () => boolean };
    features?: Record<string, { enabled: boolean }>;
    findAccount: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
