import {
  boundsOf,
  CLUSTER_LAYER,
  PIN_COLORS,
  PIN_LAYER,
  pinFeatures,
  pinLayers,
  pinsSource,
  type MapPin,
} from '../../../../web/src/components/map/map-pins';

const pin = (over: Partial<MapPin>): MapPin => ({
  id: 'a',
  name: 'Harbor Point Tower',
  latitude: 47.6,
  longitude: -122.3,
  status: 'none',
  statusLabel: 'Today: Workable',
  href: '/jobsites/a',
  ...over,
});

describe('the jobsite pins on the map', () => {
  it('should put each jobsite at its coordinates (longitude first) with its verdict, words and link', () => {
    const fc = pinFeatures([pin({ status: 'full', statusLabel: 'Today: Full-day delay' })]);
    expect(fc.features).toEqual([
      {
        type: 'Feature',
        id: 'a',
        geometry: { type: 'Point', coordinates: [-122.3, 47.6] },
        properties: {
          id: 'a',
          name: 'Harbor Point Tower',
          statusLabel: 'Today: Full-day delay',
          href: '/jobsites/a',
          severity: 3,
        },
      },
    ]);
  });

  it('should rank verdicts so a cluster shows the worst one inside it', () => {
    const severities = pinFeatures(
      (['full', 'partial', 'none', 'off', 'unknown'] as const).map((status, i) =>
        pin({ id: `p${i}`, status }),
      ),
    ).features.map((f) => f.properties.severity);
    expect(severities).toEqual([3, 2, 1, 0, 0]);
    expect(pinsSource([]).clusterProperties).toEqual({ worst: ['max', ['get', 'severity']] });
  });

  it('should cluster nearby pins when zoomed out and split them at street level', () => {
    const source = pinsSource([pin({})]);
    expect(source.cluster).toBe(true);
    expect(source.clusterMaxZoom).toBeGreaterThanOrEqual(9);
    expect(source.clusterMaxZoom).toBeLessThan(14);
  });

  it('should colour delays red and orange, workable teal, and days off grey', () => {
    const [clusters, pins] = pinLayers('#fff');
    expect(clusters!.id).toBe(CLUSTER_LAYER);
    expect(clusters!.filter).toEqual(['has', 'point_count']);
    expect(pins!.id).toBe(PIN_LAYER);
    const colour = pins!.paint!['circle-color'] as unknown[];
    expect(colour).toEqual([
      'match',
      ['get', 'severity'],
      3,
      PIN_COLORS.full,
      2,
      PIN_COLORS.partial,
      1,
      PIN_COLORS.none,
      PIN_COLORS.unknown,
    ]);
    expect(new Set([PIN_COLORS.full, PIN_COLORS.partial, PIN_COLORS.none, PIN_COLORS.off]).size).toBe(4);
    expect(pins!.paint!['circle-stroke-color']).toBe('#fff');
  });

  it('should frame every pin, with room around a lone one, and nothing without pins', () => {
    expect(boundsOf([])).toBeNull();
    const both = boundsOf([
      pin({ latitude: 41.88, longitude: -87.63 }),
      pin({ latitude: 47.6, longitude: -122.33 }),
    ]) as [[number, number], [number, number]];
    expect(both[0][0]).toBeCloseTo(-122.38, 6);
    expect(both[0][1]).toBeCloseTo(41.83, 6);
    expect(both[1][0]).toBeCloseTo(-87.58, 6);
    expect(both[1][1]).toBeCloseTo(47.65, 6);
    const [[w, s], [e, n]] = boundsOf([pin({})]) as [[number, number], [number, number]];
    expect(e - w).toBeGreaterThan(0);
    expect(n - s).toBeGreaterThan(0);
  });
});
