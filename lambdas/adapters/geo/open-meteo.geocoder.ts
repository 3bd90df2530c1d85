import { GEOCODER_UNAVAILABLE, type GeocodeResult } from '../../../shared/geo/geocode';
import { ServiceUnavailableError } from '../../core/errors';
import type { Geocoder } from '../../core/geo/geocoder.ports';

export const OPEN_METEO_GEOCODING_URL = 'https://geocoding-api.open-meteo.com';

interface OpenMeteoPlace {
  name?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  timezone?: unknown;
  admin1?: unknown;
  country?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Open-Meteo's geocoding API (place names; data CC BY 4.0). A short timeout: the jobsite form waits
 * on it, and typed coordinates are always the way around it. Any failure is "unavailable" (503).
 */
export class OpenMeteoGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl = OPEN_METEO_GEOCODING_URL,
    private readonly timeoutMs = 3000,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async search(query: string): Promise<GeocodeResult[]> {
    const url = new URL('/v1/search', this.baseUrl);
    url.searchParams.set('name', query);
    url.searchParams.set('count', '5');
    url.searchParams.set('language', 'en');
    url.searchParams.set('format', 'json');
    let body: { results?: OpenMeteoPlace[] };
    try {
      const res = await this.fetchFn(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) throw new Error(`Geocoder answered ${res.status}`);
      body = (await res.json()) as { results?: OpenMeteoPlace[] };
    } catch (err) {
      throw new ServiceUnavailableError(GEOCODER_UNAVAILABLE, { cause: err });
    }
    return (body.results ?? [])
      .filter((p) => typeof p.latitude === 'number' && typeof p.longitude === 'number')
      .map((p) => ({
        name: text(p.name),
        region: [text(p.admin1), text(p.country)].filter(Boolean).join(', '),
        latitude: p.latitude as number,
        longitude: p.longitude as number,
        timezone: text(p.timezone) || null,
      }));
  }
}
