/**
 * The forecast grid cell of a coordinate: jobsites in one cell share one upstream location and one
 * cached forecast.
 *
 * Resolution: 0.05° (about 5.6 km north–south, 4.2 km east–west at 40° latitude), finer than the
 * 0.1° often quoted, for two reasons:
 * - Open-Meteo's default `best_match` blends the finest model available: HRRR (3 km) over the US,
 *   ICON-D2 (2 km) and AROME (1.3 km) in Europe. A 0.1° cell (11 km) would merge jobsites those
 *   models tell apart; 0.05° keeps the requested point within ~3.9 km of the jobsite, about one
 *   model cell.
 * - Open-Meteo corrects temperature for the elevation of the requested point (90 m terrain model).
 *   Moving the point 8 km in hilly country can change that elevation by hundreds of metres, i.e.
 *   a degree or two on exactly the thresholds (0 °C, 4.4 °C) the rules care about.
 * The saving is still large where it matters: many jobsites of one city block or subdivision fall
 * in one cell. The resolution is part of the key, so a future change cannot mix cached cells.
 */
export const GRID_RESOLUTION_DEG = 0.05;

export interface GridCell {
  /** Stable key, e.g. `g0.05:40.65,-74.40`; use it for de-duplication and the forecast cache. */
  key: string;
  /** The cell's centre: the coordinate to ask the upstream for. */
  latitude: number;
  longitude: number;
  resolutionDeg: number;
}

export function gridCell(latitude: number, longitude: number, resolutionDeg = GRID_RESOLUTION_DEG): GridCell {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw new RangeError(`Latitude must be between -90 and 90 (got ${latitude})`);
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new RangeError(`Longitude must be between -180 and 180 (got ${longitude})`);
  }
  if (!(resolutionDeg > 0) || resolutionDeg > 1) throw new RangeError('Resolution must be in (0, 1] degrees');
  const decimals = decimalsOf(resolutionDeg);
  // Integer cell indices avoid float drift (40.65 vs 40.650000000000006) in centres and keys.
  const latIndex = Math.round(latitude / resolutionDeg);
  const cellsAround = Math.round(360 / resolutionDeg);
  let lonIndex = Math.round(longitude / resolutionDeg);
  // 180° and -180° are one meridian: keep the western name so both map to one cell.
  if (lonIndex * resolutionDeg >= 180) lonIndex -= cellsAround;
  const lat = clean(Math.min(90, Math.max(-90, latIndex * resolutionDeg)), decimals);
  const lon = clean(lonIndex * resolutionDeg, decimals);
  return {
    key: `g${resolutionDeg}:${lat.toFixed(decimals)},${lon.toFixed(decimals)}`,
    latitude: lat,
    longitude: lon,
    resolutionDeg,
  };
}

/** Shorthand for `gridCell(...).key`. */
export function gridCellKey(
  latitude: number,
  longitude: number,
  resolutionDeg = GRID_RESOLUTION_DEG,
): string {
  return gridCell(latitude, longitude, resolutionDeg).key;
}

function decimalsOf(resolution: number): number {
  const text = String(resolution);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Round to the resolution's decimals and turn -0 into 0. */
function clean(value: number, decimals: number): number {
  return Number(value.toFixed(decimals)) + 0;
}
