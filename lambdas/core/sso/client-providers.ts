/** The pool's own sign-in (email and password), which the web client always supports. */
export const COGNITO_PROVIDER = 'COGNITO';

/**
 * The identity providers the web client must support: the pool's own sign-in, then every identity
 * provider registered in the pool (the accounts' `rc…` providers, or any an operator added), each
 * once, in a stable order. The pool's list is the truth: the client's own list is reset to `COGNITO`
 * by a deploy that updates the client, and can lose a provider to a parallel save (ADR 0011).
 */
export function supportedProviders(registered: readonly string[]): string[] {
  const others = [...new Set(registered)].filter((name) => name !== COGNITO_PROVIDER).sort();
  return [COGNITO_PROVIDER, ...others];
}

/** Whether the client already supports exactly these providers (order aside). */
export function supportsExactly(current: readonly string[] | undefined, wanted: readonly string[]): boolean {
  const have = new Set(current ?? [COGNITO_PROVIDER]);
  return have.size === wanted.length && wanted.every((name) => have.has(name));
}
