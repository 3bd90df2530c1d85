import fs from 'node:fs';
import path from 'node:path';
import type { MultiLineString, Position } from 'geojson';
import {
  BASEMAP_ATTRIBUTION,
  BASEMAP_COLORS,
  offlineBasemapStyle,
  outlinesFrom,
  styleUrlFor,
  type CountriesTopology,
  type StatesTopology,
} from '../../../../web/src/components/map/offline-basemap';

const atlas = <T>(pkg: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(require.resolve(`${pkg}/package.json`), '..', file), 'utf8')) as T;

const outlines = outlinesFrom(
  atlas<CountriesTopology>('world-atlas', 'countries-50m.json'),
  atlas<StatesTopology>('us-atlas', 'states-10m.json'),
);

const points = (m: MultiLineString): Position[] => m.coordinates.flat();

describe('the offline basemap (Natural Earth outlines, no tiles)', () => {
  it('should hold every country as land, with names, in longitude and latitude', () => {
    const names = outlines.land.features.map((f) => f.properties?.name as string);
    expect(names).toEqual(expect.arrayContaining(['United States of America', 'Canada', 'Mexico']));
    expect(outlines.land.features.length).toBeGreaterThan(200);
  });

  it('should draw the US state borders where they are (the Washington–Oregon line on the Columbia)', () => {
    const near = points(outlines.stateBorders).filter(
      ([lon, lat]) => lon! > -124 && lon! < -116.5 && lat! > 45.5 && lat! < 46.3,
    );
    expect(near.length).toBeGreaterThan(10);
    expect(points(outlines.countryBorders).length).toBeGreaterThan(1000);
    expect(points(outlines.coastlines).length).toBeGreaterThan(1000);
  });

  it('should make a MapLibre style of GeoJSON sources only, so nothing is fetched from the internet', () => {
    const style = offlineBasemapStyle(outlines, 'light');
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson');
      expect(source).toMatchObject({ attribution: BASEMAP_ATTRIBUTION });
      expect(typeof (source as { data: unknown }).data).toBe('object');
    }
    expect(style.layers.map((l) => l.id)).toEqual([
      'water',
      'land',
      'state-borders',
      'country-borders',
      'coastlines',
    ]);
  });

  it('should paint the dark scheme in dark colours', () => {
    const bg = (scheme: 'light' | 'dark') =>
      (offlineBasemapStyle(outlines, scheme).layers[0] as unknown as { paint: Record<string, string> }).paint[
        'background-color'
      ];
    expect(bg('light')).toBe(BASEMAP_COLORS.light.water);
    expect(bg('dark')).toBe(BASEMAP_COLORS.dark.water);
    expect(BASEMAP_COLORS.dark.land).not.toBe(BASEMAP_COLORS.light.land);
  });

  it('should fill the colour scheme into a configured map style URL', () => {
    const url =
      'https://maps.geo.us-east-1.amazonaws.com/v2/styles/Standard/descriptor?key=k&color-scheme={colorScheme}';
    expect(styleUrlFor(url, 'dark')).toMatch(/color-scheme=Dark$/);
    expect(styleUrlFor(url, 'light')).toMatch(/color-scheme=Light$/);
  });
});
