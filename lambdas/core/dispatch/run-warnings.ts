import type { OfficialWarningInput } from '../../../shared/weather/official-warnings';
import type { OfficialAlertsProvider } from '../weather/weather.ports';

export type WarningsLookup = (cell: {
  key: string;
  latitude: number;
  longitude: number;
}) => Promise<OfficialWarningInput[]>;

/**
 * Official warnings per forecast grid cell for one batch of a run: each cell is asked once (the
 * adapter answers points outside NWS coverage with no call). A failure never stops the run: it is
 * logged, and the cell's jobsites are judged on the forecast alone.
 */
export function warningsLookup(
  alerts: OfficialAlertsProvider | undefined,
  warn: (line: string) => void = (line) => console.warn(line),
): WarningsLookup {
  const byCell = new Map<string, Promise<OfficialWarningInput[]>>();
  return (cell) => {
    if (!alerts) return Promise.resolve([]);
    let found = byCell.get(cell.key);
    if (!found) {
      found = alerts.activeAlerts({ latitude: cell.latitude, longitude: cell.longitude }).catch((err) => {
        warn(
          JSON.stringify({
            level: 'warn',
            message: 'Official warnings unavailable; judging on the forecast alone',
            cell: cell.key,
            error: String((err as Error)?.message ?? err),
          }),
        );
        return [];
      });
      byCell.set(cell.key, found);
    }
    return found;
  };
}
