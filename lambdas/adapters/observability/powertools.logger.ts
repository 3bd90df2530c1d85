import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import type { LogFields, Logger } from '../../core/observability.ports';

function wrap(logger: PowertoolsLogger): Logger {
  return {
    info: (message, fields) => logger.info(message, fields ?? {}),
    warn: (message, fields) => logger.warn(message, fields ?? {}),
    error: (message, fields) => logger.error(message, fields ?? {}),
    with: (keys: LogFields) => {
      const child = logger.createChild();
      // The run id is the correlation id: one CloudWatch Logs Insights filter finds a run's planner and batches.
      if (typeof keys.runId === 'string') child.setCorrelationId(keys.runId);
      child.appendKeys(keys);
      return wrap(child);
    },
  };
}

/** Structured JSON lines for CloudWatch (Powertools; the service is POWERTOOLS_SERVICE_NAME, set per function). */
export function powertoolsLogger(): Logger {
  return wrap(new PowertoolsLogger());
}
