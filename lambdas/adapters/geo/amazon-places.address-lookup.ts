import type { GeoPlacesClient, GeoPlacesClientConfig, GetPlaceResponse } from '@aws-sdk/client-geo-places';
import {
  ADDRESS_LOOKUP_UNAVAILABLE,
  ADDRESS_NOT_FOUND,
  type AddressSuggestion,
  type GeocodeResult,
} from '../../../shared/geo/geocode';
import { NotFoundError, ServiceUnavailableError } from '../../core/errors';
import type { AddressLookup } from '../../core/geo/address-lookup.ports';

export const SUGGESTION_LIMIT = 5;

/** Places answers these for an id it does not know (a forged, stale or truncated one). */
const UNKNOWN_PLACE = new Set(['ValidationException', 'ResourceNotFoundException']);

const isNumberPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length >= 2 && typeof v[0] === 'number' && typeof v[1] === 'number';

/** "Seattle, Washington, United States": enough to tell two Main Streets apart. */
function regionOf(place: GetPlaceResponse): string {
  const a = place.Address;
  return [a?.Locality, a?.Region?.Name, a?.Country?.Name].filter(Boolean).join(', ');
}

/**
 * Amazon Location Service Places (v2): Autocomplete while the person types, GetPlace for the point of
 * the address picked. Signed with the API Lambda's role (SigV4), so no key is stored anywhere; the
 * role may call these two actions on the default provider only (infra/constructs/location.construct.ts).
 * The timezone is left to the point: the jobsite form derives it (tz-lookup) whichever way the point
 * was set, so a site placed by address and one placed by hand get the same zone.
 */
export class AmazonPlacesAddressLookup implements AddressLookup {
  private sdk: Promise<{
    client: GeoPlacesClient;
    module: typeof import('@aws-sdk/client-geo-places');
  }> | null = null;

  constructor(private readonly clientConfig: GeoPlacesClientConfig) {}

  /** The SDK loads on the first lookup, not at every cold start of the API Lambda. */
  private places() {
    this.sdk ??= import('@aws-sdk/client-geo-places').then((module) => ({
      module,
      client: new module.GeoPlacesClient(this.clientConfig),
    }));
    return this.sdk;
  }

  async suggest(query: string, opts: { near?: [number, number] } = {}): Promise<AddressSuggestion[]> {
    const { client, module } = await this.places();
    const answer = await this.call(() =>
      client.send(
        new module.AutocompleteCommand({
          QueryText: query,
          MaxResults: SUGGESTION_LIMIT,
          Language: 'en',
          ...(opts.near ? { BiasPosition: opts.near } : {}),
        }),
      ),
    );
    return (answer.ResultItems ?? [])
      .filter((item) => item.PlaceId && (item.Address?.Label ?? item.Title))
      .map((item) => ({ id: item.PlaceId!, label: (item.Address?.Label ?? item.Title)! }));
  }

  async place(id: string): Promise<GeocodeResult> {
    // Storage: the point is kept in the jobsite record, which Places prices and licenses as stored use.
    const { client, module } = await this.places();
    const place = await this.call(() =>
      client.send(new module.GetPlaceCommand({ PlaceId: id, Language: 'en', IntendedUse: 'Storage' })),
    );
    if (!isNumberPair(place.Position)) throw new NotFoundError(ADDRESS_NOT_FOUND);
    const [longitude, latitude] = place.Position;
    return {
      name: place.Address?.Label ?? place.Title ?? '',
      region: regionOf(place),
      latitude,
      longitude,
      // The form derives the zone from the point (tz-lookup), exactly as for a pin placed by hand.
      timezone: null,
    };
  }

  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      const name = (err as { name?: string }).name ?? '';
      if (UNKNOWN_PLACE.has(name)) throw new NotFoundError(ADDRESS_NOT_FOUND, { cause: err });
      throw new ServiceUnavailableError(ADDRESS_LOOKUP_UNAVAILABLE, { cause: err });
    }
  }
}
