/**
 * Whether a point lies in a GeoJSON Polygon or MultiPolygon (coordinates as [longitude, latitude]).
 * Even-odd ray casting over every ring, so holes (inner rings) are excluded by the same count. Storm-based
 * NWS warnings (tornado, severe thunderstorm, flash flood) carry such polygons; a few kilometres of
 * grid-cell rounding is far below their size.
 */
export type Ring = ReadonlyArray<readonly [number, number] | readonly number[]>;
export type PolygonCoordinates = ReadonlyArray<Ring>;

export interface AreaGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: PolygonCoordinates | ReadonlyArray<PolygonCoordinates>;
}

function crossings(ring: Ring, longitude: number, latitude: number): number {
  let count = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = NaN, yi = NaN] = ring[i]!;
    const [xj = NaN, yj = NaN] = ring[j]!;
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi)
      count++;
  }
  return count;
}

function inPolygon(polygon: PolygonCoordinates, longitude: number, latitude: number): boolean {
  let count = 0;
  for (const ring of polygon) count += crossings(ring, longitude, latitude);
  return count % 2 === 1;
}

export function pointInArea(geometry: AreaGeometry, point: { latitude: number; longitude: number }): boolean {
  const { latitude, longitude } = point;
  if (geometry.type === 'Polygon')
    return inPolygon(geometry.coordinates as PolygonCoordinates, longitude, latitude);
  return (geometry.coordinates as ReadonlyArray<PolygonCoordinates>).some((p) =>
    inPolygon(p, longitude, latitude),
  );
}

/** A GeoJSON geometry we can match against, or null (no geometry, or a shape alerts never use). */
export function areaGeometryOf(value: unknown): AreaGeometry | null {
  const g = value as { type?: unknown; coordinates?: unknown } | null;
  if (!g || !Array.isArray(g.coordinates)) return null;
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') return g as AreaGeometry;
  return null;
}
