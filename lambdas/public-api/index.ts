import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createPublicApiRoot } from '../composition/public-api.root';
import { powertoolsLogger } from '../adapters/observability/powertools.logger';
import { createPublicApiApp } from './app';

// Built once per container, at module load. No JWT authorizer in front: the app checks the API key.
const config = loadConfig();
const root = createPublicApiRoot(config);

export const handler = handle(createPublicApiApp({ ...root, log: powertoolsLogger() }));
