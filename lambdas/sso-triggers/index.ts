import { loadTriggerConfig } from '../config';
import { DynamoSsoMemberships, DynamoSsoStore } from '../adapters/dynamo/sso.repo';
import { createTriggerTable } from '../composition/trigger-table';
import { createSsoTriggersHandler } from './app';

// Built once per container, at module load: the table only (its entities on first use).
const db = createTriggerTable(loadTriggerConfig());

export const handler = createSsoTriggersHandler({
  store: new DynamoSsoStore(db),
  memberships: new DynamoSsoMemberships(db),
  clock: { now: () => new Date() },
});
