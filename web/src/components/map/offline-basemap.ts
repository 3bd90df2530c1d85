import type { FeatureCollection, MultiLineString } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The basemap when no map service is configured (the local stack, offline): country and US state
 * outlines from Natural Earth (the `world-atlas` and `us-atlas` packages, TopoJSON) turned into
 * GeoJSON sources of a MapLibre style. No tiles, fonts or sprites: nothing is fetched from anywhere.
 */
export type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
export type StatesTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;

export type Scheme = 'light' | 'dark';

/** Water, land and the two kinds of border, in each colour scheme (Mantine's gray and blue ramps). */
export const BASEMAP_COLORS: Record<Scheme, { water: string; land: string; country: string; state: string }> =
  {
    light: { water: '#d0ebff', land: '#f8f9fa', country: '#868e96', state: '#ced4da' },
    dark: { water: '#1b2a3a', land: '#2e2e2e', country: '#909296', state: '#5c5f66' },
  };

export const BASEMAP_ATTRIBUTION = 'Outlines: Natural Earth (public domain)';

export interface OutlineData {
  land: FeatureCollection;
  countryBorders: MultiLineString;
  coastlines: MultiLineString;
  stateBorders: MultiLineString;
}

/** TopoJSON → GeoJSON: land areas, borders shared by two countries (or states), and coastlines. */
export function outlinesFrom(countries: CountriesTopology, states: StatesTopology): OutlineData {
  // A GeometryCollection object always converts to a FeatureCollection.
  const land = feature(countries, countries.objects.countries) as FeatureCollection;
  return {
    land,
    countryBorders: mesh(countries, countries.objects.countries, (a, b) => a !== b),
    coastlines: mesh(countries, countries.objects.countries, (a, b) => a === b),
    stateBorders: mesh(states, states.objects.states, (a, b) => a !== b),
  };
}

export function offlineBasemapStyle(outlines: OutlineData, scheme: Scheme): StyleSpecification {
  const c = BASEMAP_COLORS[scheme];
  const geojson = (data: OutlineData[keyof OutlineData]) => ({
    type: 'geojson' as const,
    data,
    attribution: BASEMAP_ATTRIBUTION,
  });
  return {
    version: 8,
    name: `Raincheck offline outlines (${scheme})`,
    sources: {
      land: geojson(outlines.land),
      'country-borders': geojson(outlines.countryBorders),
      coastlines: geojson(outlines.coastlines),
      'state-borders': geojson(outlines.stateBorders),
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': c.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': c.land } },
      {
        id: 'state-borders',
        type: 'line',
        source: 'state-borders',
        paint: {
          'line-color': c.state,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 1.6],
        },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: 'country-borders',
        paint: {
          'line-color': c.country,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.8, 10, 2.2],
        },
      },
      {
        id: 'coastlines',
        type: 'line',
        source: 'coastlines',
        paint: { 'line-color': c.country, 'line-width': 0.8 },
      },
    ],
  };
}

/** A configured style URL with `{colorScheme}` filled in (Amazon Location's styles take Light or Dark). */
export function styleUrlFor(template: string, scheme: Scheme): string {
  return template.replaceAll('{colorScheme}', scheme === 'dark' ? 'Dark' : 'Light');
}
