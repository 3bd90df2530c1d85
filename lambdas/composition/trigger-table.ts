import type { TriggerConfig } from '../config';
import { createDocumentClient } from '../adapters/dynamo/client';
import { createRaincheckService } from '../adapters/dynamo/service';
import { builtOnFirstUse } from './built-on-first-use';

/**
 * The table of a user pool trigger (post confirmation, the SSO triggers), its client built on first
 * use. The triggers' configuration has no pool ids (lambdas/config.ts `loadTriggerConfig`).
 */
export function createTriggerTable(config: TriggerConfig) {
  return createRaincheckService(
    config.TABLE_NAME,
    builtOnFirstUse(() =>
      createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT }),
    ),
  );
}
