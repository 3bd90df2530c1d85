import { areaGeometryOf, pointInArea } from '../../../shared/weather/point-in-area';

const SQUARE = [
  [-100, 30],
  [-90, 30],
  [-90, 40],
  [-100, 40],
  [-100, 30],
];
const HOLE = [
  [-96, 34],
  [-94, 34],
  [-94, 36],
  [-96, 36],
  [-96, 34],
];
const FAR_SQUARE = SQUARE.map(([lon, lat]) => [lon! + 30, lat!]);

describe('pointInArea', () => {
  it.each([
    ['inside a polygon', { type: 'Polygon', coordinates: [SQUARE] }, 32, -98, true],
    ['outside a polygon', { type: 'Polygon', coordinates: [SQUARE] }, 42, -98, false],
    ['in the hole of a polygon', { type: 'Polygon', coordinates: [SQUARE, HOLE] }, 35, -95, false],
    ['around the hole of a polygon', { type: 'Polygon', coordinates: [SQUARE, HOLE] }, 33, -95, true],
    [
      'in the second part of a multipolygon',
      { type: 'MultiPolygon', coordinates: [[SQUARE], [FAR_SQUARE]] },
      35,
      -65,
      true,
    ],
    [
      'between the parts of a multipolygon',
      { type: 'MultiPolygon', coordinates: [[SQUARE], [FAR_SQUARE]] },
      35,
      -80,
      false,
    ],
  ] as const)('should say %s', (_what, geometry, latitude, longitude, expected) => {
    expect(pointInArea(areaGeometryOf(geometry)!, { latitude, longitude })).toBe(expected);
  });

  it('should read no area from a missing geometry or a point', () => {
    expect(areaGeometryOf(null)).toBeNull();
    expect(areaGeometryOf({ type: 'Point', coordinates: [-98, 32] })).toBeNull();
  });
});
