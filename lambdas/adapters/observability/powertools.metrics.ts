import { Metrics as PowertoolsMetrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Metrics } from '../../core/observability.ports';

/** CloudWatch metrics in the Raincheck namespace, written as EMF log lines (no API calls). */
export function powertoolsMetrics(serviceName: string): Metrics {
  const metrics = new PowertoolsMetrics({ namespace: 'Raincheck', serviceName });
  return {
    count: (name, value, dimensions) => {
      if (!dimensions) {
        metrics.addMetric(name, MetricUnit.Count, value);
        return;
      }
      // A dimension for this metric only (MessagesSent by kind), flushed at once.
      const single = metrics.singleMetric();
      for (const [key, v] of Object.entries(dimensions)) single.addDimension(key, v);
      single.addMetric(name, MetricUnit.Count, value);
    },
    flush: () => metrics.publishStoredMetrics(),
  };
}
