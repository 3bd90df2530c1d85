import { startLoopbackServer, type Reply } from './loopback-server';

/**
 * A loopback server (`loopback-server.ts`) speaking the part of Amazon Location Service Places v2 that Raincheck calls
 * (restJson1, as @aws-sdk/client-geo-places sends it): `POST /v2/autocomplete` and
 * `GET /v2/place/{PlaceId}`, over a few addresses shaped as the API reference documents them. Tests
 * start it and point the real SDK client at it (RAINCHECK_GEO_PLACES_URL); nothing else uses it.
 * Like Places it refuses unsigned requests and unknown place ids, and it keeps every request so a
 * test can see what the client really sent.
 */
export interface StandInAddress {
  placeId: string;
  label: string;
  locality: string;
  region: { code: string; name: string };
  country: { code2: string; code3: string; name: string };
  /** [longitude, latitude], the order Places uses. */
  position: [number, number];
  timeZone: string;
}

const USA = { code2: 'US', code3: 'USA', name: 'United States' };
const CANADA = { code2: 'CA', code3: 'CAN', name: 'Canada' };
/** Where each stand-in city lies: its region, country and time zone. */
const CITIES = {
  Seattle: { region: { code: 'WA', name: 'Washington' }, country: USA, timeZone: 'America/Los_Angeles' },
  Chicago: { region: { code: 'IL', name: 'Illinois' }, country: USA, timeZone: 'America/Chicago' },
  Toronto: { region: { code: 'ON', name: 'Ontario' }, country: CANADA, timeZone: 'America/Toronto' },
};

/**
 * One address as Places describes it. Its place id is opaque to clients, as in Places; here it is
 * made from the city, the street number and the street's name (`…stand-in-chicago-233-wacker`).
 */
function standInAddress(
  city: keyof typeof CITIES,
  label: string,
  position: [number, number],
): StandInAddress {
  const street = label.split(', ')[0]!.split(' ');
  const slug = [city.toLowerCase(), street[0], street.at(-2)!.toLowerCase()].join('-');
  return { placeId: `AQAAAFUAstand-in-${slug}`, label, locality: city, ...CITIES[city], position };
}

export const STAND_IN_ADDRESSES: readonly StandInAddress[] = [
  standInAddress('Seattle', '400 Broad St, Seattle, WA 98109-4607, United States', [-122.34928, 47.62051]),
  standInAddress('Chicago', '233 S Wacker Dr, Chicago, IL 60606-6306, United States', [-87.63591, 41.87886]),
  standInAddress('Toronto', '290 Bremner Blvd, Toronto, ON M5V 3L9, Canada', [-79.38706, 43.64256]),
];

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  authorization: string;
}

export interface PlacesStandIn {
  url: string;
  requests: StandInRequest[];
  /** Answers every further request 500 (Places having a bad day) until called with false. */
  failing(on: boolean): void;
  close(): Promise<void>;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);

/** Every typed word is the start of a word of the label (the last one may be partly typed). */
const matches = (query: string, label: string) => {
  const labelWords = words(label);
  return words(query).every((w) => labelWords.some((lw) => lw.startsWith(w)));
};

const distance = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

export async function startPlacesStandIn(
  addresses: readonly StandInAddress[] = STAND_IN_ADDRESSES,
): Promise<PlacesStandIn> {
  const requests: StandInRequest[] = [];
  let failing = false;
  // Integration files keep it for their whole run: a longer life than a unit test's server.
  const server = await startLoopbackServer(30 * 60_000);
  server.respond((req) => {
    const url = req.url;
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : null;
    const authorization = req.headers.authorization ?? '';
    requests.push({ method: req.method, path: url.pathname, query: url.searchParams, body, authorization });
    const send = (status: number, json: unknown, errorType?: string): Reply => ({
      status,
      headers: errorType ? { 'x-amzn-errortype': errorType } : {},
      body: JSON.stringify(json),
    });
    if (failing) return send(500, { message: 'Internal failure' }, 'InternalServerException');
    // Places takes SigV4 for its own service name (or an API key, which Raincheck does not use).
    if (!/^AWS4-HMAC-SHA256 Credential=[^,]+\/geo-places\/aws4_request/.test(authorization))
      return send(403, { message: 'Missing or invalid signature' }, 'AccessDeniedException');

    if (req.method === 'POST' && url.pathname === '/v2/autocomplete') {
      const query = typeof body?.QueryText === 'string' ? body.QueryText : '';
      if (!query)
        return send(
          400,
          { message: 'QueryText is required', reason: 'Missing', fieldList: [] },
          'ValidationException',
        );
      const max = typeof body?.MaxResults === 'number' ? body.MaxResults : 5;
      const bias = body?.BiasPosition as [number, number] | undefined;
      const found = addresses
        .filter((a) => matches(query, a.label))
        .sort((a, b) => (bias ? distance(a.position, bias) - distance(b.position, bias) : 0))
        .slice(0, max);
      return send(200, {
        PricingBucket: 'Core',
        ResultItems: found.map((a) => ({
          PlaceId: a.placeId,
          PlaceType: 'PointAddress',
          Title: a.label,
          Address: { Label: a.label },
        })),
      });
    }

    const place = /^\/v2\/place\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && place) {
      const a = addresses.find((x) => x.placeId === decodeURIComponent(place[1]!));
      if (!a)
        return send(
          400,
          {
            message: 'Invalid PlaceId',
            reason: 'CannotParse',
            fieldList: [{ Name: 'PlaceId', Message: 'Invalid' }],
          },
          'ValidationException',
        );
      return send(200, {
        PlaceId: a.placeId,
        PlaceType: 'PointAddress',
        Title: a.label,
        PricingBucket: 'Core',
        Address: {
          Label: a.label,
          Country: { Code2: a.country.code2, Code3: a.country.code3, Name: a.country.name },
          Region: { Code: a.region.code, Name: a.region.name },
          Locality: a.locality,
        },
        Position: a.position,
        TimeZone: { Name: a.timeZone },
      });
    }
    return send(404, { message: `No route for ${req.method} ${url.pathname}` }, 'ResourceNotFoundException');
  });
  return { url: server.url, requests, failing: (on) => (failing = on), close: server.close };
}
