import type { OfficialWarningInput } from '../../../shared/weather/official-warnings';
import { pointInArea } from '../../../shared/weather/point-in-area';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { OfficialAlertsUnavailableError } from '../weather/weather.errors';
import type { AreaAlert, CellZonesCache, OfficialAlertsProvider } from '../weather/weather.ports';

export interface WarningCell {
  key: string;
  latitude: number;
  longitude: number;
}

export interface RunWarningsDeps {
  alerts?: OfficialAlertsProvider;
  /** Zones per cell kept across runs; absent, each process asks NWS once per cell. */
  zonesCache?: CellZonesCache;
  now: Date;
  warn?: (line: string) => void;
}

/** Zone lookups in flight at once for a batch's new cells (NWS asks for modest request rates). */
const ZONE_LOOKUPS_IN_FLIGHT = 8;
/** Zones change a few times a decade; a cell's are asked again after this long. */
const ZONES_KEPT_DAYS = 90;

/**
 * Official warnings for every grid cell of one batch, from one snapshot of every alert in force:
 * storm polygons are matched by point in polygon, zone-issued alerts by the cell's zones (looked up
 * once per cell, ever, and only when some alert is issued by zone). A failure never stops the run:
 * it is logged once, and the cells are judged on the forecast alone.
 */
export async function officialWarningsFor(
  cells: readonly WarningCell[],
  deps: RunWarningsDeps,
): Promise<Map<string, OfficialWarningInput[]>> {
  const found = new Map<string, OfficialWarningInput[]>();
  const { alerts } = deps;
  const covered = alerts ? uniqueCells(cells).filter((c) => alerts.covers(c)) : [];
  if (!alerts || covered.length === 0) return found;
  const warn = deps.warn ?? ((line: string) => console.warn(line));
  const report = (message: string, err: unknown, extra: Record<string, unknown> = {}) =>
    warn(JSON.stringify({ level: 'warn', message, ...extra, error: String((err as Error)?.message ?? err) }));

  let snapshot: AreaAlert[];
  try {
    snapshot = (await alerts.allActive()).alerts;
  } catch (err) {
    // Said once per run: the batches after the first meet the remembered failure.
    if (!(err instanceof OfficialAlertsUnavailableError && err.repeated))
      report('Official warnings unavailable; judging on the forecast alone', err, { cells: covered.length });
    return found;
  }
  const byPolygon = snapshot.filter((a) => a.geometry);
  const byZone = snapshot.filter((a) => !a.geometry && a.zones.length > 0);
  const zones = byZone.length > 0 ? await zonesOfCells(covered, alerts, deps, report) : new Map();
  for (const cell of covered) {
    const cellZones = new Set<string>(zones.get(cell.key) ?? []);
    const matching = [
      ...byPolygon.filter((a) => pointInArea(a.geometry!, cell)),
      ...byZone.filter((a) => a.zones.some((z) => cellZones.has(z))),
    ];
    if (matching.length > 0) found.set(cell.key, matching.map(warningInputOf));
  }
  return found;
}

async function zonesOfCells(
  cells: readonly WarningCell[],
  alerts: OfficialAlertsProvider,
  deps: RunWarningsDeps,
  report: (message: string, err: unknown, extra?: Record<string, unknown>) => void,
): Promise<Map<string, string[]>> {
  const known = deps.zonesCache
    ? await deps.zonesCache.getMany(
        cells.map((c) => c.key),
        deps.now,
      )
    : new Map<string, string[]>();
  const missing = cells.filter((c) => !known.has(c.key));
  const learned: { cellKey: string; zones: string[] }[] = [];
  let failed = 0;
  await mapWithConcurrency(missing, ZONE_LOOKUPS_IN_FLIGHT, async (cell) => {
    try {
      const zones = await alerts.zonesAt(cell);
      known.set(cell.key, zones);
      learned.push({ cellKey: cell.key, zones });
    } catch (err) {
      if (failed++ === 0)
        report('Zones of a place unavailable; zone warnings not matched there', err, { cell: cell.key });
    }
  });
  if (learned.length > 0 && deps.zonesCache) {
    await deps.zonesCache
      .putMany(learned, new Date(deps.now.getTime() + ZONES_KEPT_DAYS * 86_400_000))
      .catch((err: unknown) => report('Could not keep the zones of places', err));
  }
  return known;
}

function uniqueCells(cells: readonly WarningCell[]): WarningCell[] {
  return [...new Map(cells.map((c) => [c.key, c])).values()];
}

function warningInputOf(a: AreaAlert): OfficialWarningInput {
  return { id: a.id, event: a.event, severity: a.severity, onset: a.onset, ends: a.ends };
}
