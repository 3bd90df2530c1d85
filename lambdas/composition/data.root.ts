import { randomUUID } from 'node:crypto';
import type { LambdaConfig } from '../config';
import { createDocumentClient } from '../adapters/dynamo/client';
import { createRaincheckService } from '../adapters/dynamo/service';
import type { Clock, IdGenerator } from '../core/runtime.ports';
import { builtOnFirstUse } from './built-on-first-use';

export interface DataRootOptions {
  clock?: Clock;
  ids?: IdGenerator;
}

/**
 * What every Lambda builds first: the one DynamoDB document client and ElectroDB Service of its
 * container, the clock and the id generator. Constructing the client opens no connection and loads
 * no credentials; that happens on the first request. Repositories are built by the concern roots
 * beside this file, so a Lambda bundles only the adapters its routes use.
 */
export function createDataRoot(config: LambdaConfig, opts: DataRootOptions = {}) {
  // SDK clients resolve their configuration as they are made (~5 ms each): on the first request.
  const client = builtOnFirstUse(() =>
    createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
  );
  const db = createRaincheckService(config.TABLE_NAME, client);
  return {
    config,
    /** For the few writes ElectroDB cannot express (the API keys' token bucket): same client, same table. */
    client,
    db,
    clock: opts.clock ?? { now: () => new Date() },
    ids: opts.ids ?? { next: () => randomUUID() },
  };
}

export type DataRoot = ReturnType<typeof createDataRoot>;
