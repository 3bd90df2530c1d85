import type { AddressSuggestion, GeocodeResult } from '../../../../../shared/geo/geocode';
import { api } from '../../../lib/api-client';

/** GET /api/geocode/suggest: street addresses for what is typed, near `near` first (503 when unavailable). */
export function suggestAddresses(
  query: string,
  near: { latitude: number; longitude: number } | null,
  signal?: AbortSignal,
): Promise<{ items: AddressSuggestion[] }> {
  const params = new URLSearchParams({ q: query });
  if (near) {
    params.set('lat', String(near.latitude));
    params.set('lon', String(near.longitude));
  }
  return api<{ items: AddressSuggestion[] }>(`/api/geocode/suggest?${params.toString()}`, { signal });
}

/** GET /api/geocode/place: the point of the address picked. */
export function placeOfAddress(id: string): Promise<GeocodeResult> {
  return api<GeocodeResult>(`/api/geocode/place?id=${encodeURIComponent(id)}`);
}
