import type { WeatherProviderStats } from './weather.ports';

/** A provider's counters at the start of a run: nothing sent, retried or failed yet. */
export function emptyProviderStats(): WeatherProviderStats {
  return { upstreamCalls: 0, upstreamLocations: 0, retries: 0, failures: 0 };
}
