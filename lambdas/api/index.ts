import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config';
import { createCompositionRoot } from '../composition-root';
import { authenticateFromApiGateway } from '../http/api-gateway';
import { createApiApp } from './app';

// Built once per container, at module load.
const root = createCompositionRoot(loadConfig());

export const handler = handle(
  createApiApp({ ...root, billing: root.billing, authenticate: authenticateFromApiGateway }),
);
