import { fileURLToPath } from 'node:url';
import { createRaincheckApp } from './raincheck.app';
import { ensureWebBuild } from './web-build';

// Entry of the CDK CLI (cdk.json: `npx tsx infra/app.ts`). Env-agnostic: no account or region is looked
// up, so `npx cdk synth` works offline without credentials; the region comes from the deploy target.
const projectRoot = fileURLToPath(new URL('..', import.meta.url));

const { app } = createRaincheckApp({ projectRoot, webAssetPath: ensureWebBuild(projectRoot) });
app.synth();
