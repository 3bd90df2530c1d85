/**
 * Runs the local OIDC provider as its own process (tests start one per provider they need):
 * `RAINCHECK_OIDC_IDP={"port":..,"clients":[..],"accounts":[..]} tsx local/identity-providers/oidc-idp-main.ts`.
 * Prints `OIDC_IDP_READY <issuer>` once it listens; ends when stdin closes.
 */
import { randomBytes } from 'node:crypto';
import { startOidcIdp, type OidcIdpOptions } from './oidc-idp';

const config = JSON.parse(process.env.RAINCHECK_OIDC_IDP ?? '{}') as Omit<OidcIdpOptions, 'cookieKeys'>;
const idp = await startOidcIdp({ ...config, cookieKeys: [randomBytes(16).toString('hex')] });
console.log(`OIDC_IDP_READY ${idp.issuer}`);
const stop = () => void idp.close().then(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
