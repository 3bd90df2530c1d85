/**
 * Logs and metrics as the core sees them: Powertools (structured JSON, EMF) in AWS, readable single
 * lines locally. The core names what happened; the adapters decide how it is written.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger whose every line carries `keys` as well (the run's correlation id, the slot, the batch). */
  with(keys: LogFields): Logger;
}

export type MetricName =
  | 'JobsitesDue'
  | 'JobsitesJudged'
  | 'MessagesSent'
  | 'UpstreamCalls'
  | 'UpstreamFailures'
  | 'ForecastCacheHits'
  | 'RunsIncomplete'
  /** Observation services that failed for a jobsite day (issue 25); the day is asked again later. */
  | 'ObservationFailures';

export interface Metrics {
  /** Adds `value` to the metric (a count); `dimensions` split it, e.g. MessagesSent by kind. */
  count(name: MetricName, value: number, dimensions?: Record<string, string>): void;
  /** Writes what was counted (EMF in AWS); the adapters that buffer nothing ignore it. */
  flush(): void;
}

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  with: () => silentLogger,
};

export const noMetrics: Metrics = { count: () => undefined, flush: () => undefined };
