import { loadConfig } from '../config';
import { createCompositionRoot } from '../composition-root';
import { DynamoWorkerStatusRepo } from '../adapters/dynamo/worker-status.repo';
import { createEmailEventsHandler } from './app';

// Built once per container, at module load.
const root = createCompositionRoot(loadConfig());

export const handler = createEmailEventsHandler({
  workers: new DynamoWorkerStatusRepo(root.db),
  clock: root.clock,
});
