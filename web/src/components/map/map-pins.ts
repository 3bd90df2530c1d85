import type { Feature, FeatureCollection, Point } from 'geojson';
import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  GeoJSONSourceSpecification,
  LngLatBoundsLike,
} from 'maplibre-gl';

/**
 * The map's pins as data: what each pin says and its colour, the clustering and the layers that draw
 * them. Pure (no MapLibre at run time) so jsdom tests can hold it; pins-map.tsx draws it in a browser.
 */

/** Today's verdict at a pin, or why there is none (a day off, a paused site, no forecast yet). */
export type PinStatus = 'full' | 'partial' | 'none' | 'off' | 'unknown';

export interface MapPin {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  status: PinStatus;
  /** What the popup and the list say, e.g. "Today: Full-day delay". */
  statusLabel: string;
  /** The page the popup links to. */
  href: string;
}

/** Worst first: a cluster takes the colour of the worst verdict inside it. */
export const PIN_SEVERITY: Record<PinStatus, number> = { full: 3, partial: 2, none: 1, off: 0, unknown: 0 };

/** Mantine's red, orange, teal and gray at shade 7 (the badges' colours; WebGL needs plain hex). */
export const PIN_COLORS: Record<PinStatus, string> = {
  full: '#f03e3e',
  partial: '#f76707',
  none: '#1098ad',
  off: '#868e96',
  unknown: '#868e96',
};

export const PINS_SOURCE = 'jobsite-pins';

export interface PinProperties {
  id: string;
  name: string;
  statusLabel: string;
  href: string;
  severity: number;
}

export function pinFeatures(pins: readonly MapPin[]): FeatureCollection<Point, PinProperties> {
  return {
    type: 'FeatureCollection',
    features: pins.map((p): Feature<Point, PinProperties> => ({
      type: 'Feature',
      id: p.id,
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
      properties: {
        id: p.id,
        name: p.name,
        statusLabel: p.statusLabel,
        href: p.href,
        severity: PIN_SEVERITY[p.status],
      },
    })),
  };
}

/**
 * Pins closer than ~44 px merge into one circle until zoom 10 (a city block apart stays split at
 * street level); each cluster keeps the worst severity of its pins.
 */
export function pinsSource(pins: readonly MapPin[]): GeoJSONSourceSpecification {
  return {
    type: 'geojson',
    data: pinFeatures(pins),
    cluster: true,
    clusterRadius: 44,
    clusterMaxZoom: 10,
    clusterProperties: { worst: ['max', ['get', 'severity']] },
  };
}

const colourBySeverity = (get: ExpressionSpecification): ExpressionSpecification => [
  'match',
  get,
  3,
  PIN_COLORS.full,
  2,
  PIN_COLORS.partial,
  1,
  PIN_COLORS.none,
  PIN_COLORS.unknown,
];

export const CLUSTER_LAYER = 'jobsite-clusters';
export const PIN_LAYER = 'jobsite-pins';

/** A cluster grows with its count (2–4, 5–19, 20+); a pin is a dot ringed in the page colour. */
export function pinLayers(ring: string): CircleLayerSpecification[] {
  return [
    {
      id: CLUSTER_LAYER,
      type: 'circle',
      source: PINS_SOURCE,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': colourBySeverity(['get', 'worst']),
        'circle-radius': ['step', ['get', 'point_count'], 16, 5, 21, 20, 27],
        'circle-stroke-width': 3,
        'circle-stroke-color': ring,
        'circle-opacity': 0.92,
      },
    },
    {
      id: PIN_LAYER,
      type: 'circle',
      source: PINS_SOURCE,
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-color': colourBySeverity(['get', 'severity']),
        'circle-radius': 9,
        'circle-stroke-width': 3,
        'circle-stroke-color': ring,
      },
    },
  ];
}

/** The box around every pin (null without pins), padded so a lone pin shows its surroundings. */
export function boundsOf(pins: readonly Pick<MapPin, 'latitude' | 'longitude'>[]): LngLatBoundsLike | null {
  if (pins.length === 0) return null;
  const lats = pins.map((p) => p.latitude);
  const lons = pins.map((p) => p.longitude);
  const pad = 0.05;
  return [
    [Math.max(Math.min(...lons) - pad, -180), Math.max(Math.min(...lats) - pad, -85)],
    [Math.min(Math.max(...lons) + pad, 180), Math.min(Math.max(...lats) + pad, 85)],
  ];
}
