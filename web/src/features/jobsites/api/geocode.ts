import type { GeocodeResult } from '../../../../../shared/geo/geocode';
import { api } from '../../../lib/api-client';

/** GET /api/geocode?q=: places matching an address (503 when the geocoder cannot be reached). */
export function geocode(query: string, signal?: AbortSignal): Promise<{ items: GeocodeResult[] }> {
  return api<{ items: GeocodeResult[] }>(`/api/geocode?q=${encodeURIComponent(query)}`, { signal });
}
