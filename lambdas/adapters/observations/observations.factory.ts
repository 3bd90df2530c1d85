import type { LambdaConfig } from '../../config';
import type { ObservationSource } from '../../core/observations/observations.ports';
import { NceiStationSource } from './ncei.source';
import { OpenMeteoArchiveSource } from './open-meteo-archive.source';

/** The observation services from config: NCEI's stations (US) and Open-Meteo's reanalysis; none when off. */
export function createObservationSources(
  config: Pick<
    LambdaConfig,
    | 'RAINCHECK_OBSERVATIONS'
    | 'RAINCHECK_NCEI_URL'
    | 'RAINCHECK_OPEN_METEO_ARCHIVE_URL'
    | 'OPEN_METEO_API_KEY'
  >,
): ObservationSource[] {
  if (config.RAINCHECK_OBSERVATIONS === 'off') return [];
  return [
    new NceiStationSource({ baseUrl: config.RAINCHECK_NCEI_URL }),
    new OpenMeteoArchiveSource({
      baseUrl: config.RAINCHECK_OPEN_METEO_ARCHIVE_URL,
      apiKey: config.OPEN_METEO_API_KEY,
    }),
  ];
}
