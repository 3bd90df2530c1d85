/**
 * Runs the local SAML IdP as its own process for a test: `RAINCHECK_SAML_IDP={"port":..,"sp":{..}}`.
 * Prints `SAML_IDP_READY <metadata URL>` once it listens; ends when stdin closes.
 */
import { startSamlIdp } from './saml-idp';

const config = JSON.parse(process.env.RAINCHECK_SAML_IDP ?? '{}') as Parameters<typeof startSamlIdp>[0];
const idp = await startSamlIdp(config);
console.log(`SAML_IDP_READY ${idp.metadataUrl}`);
const stop = () => void idp.close().then(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
