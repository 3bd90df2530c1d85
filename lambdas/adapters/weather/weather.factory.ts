import type { LambdaConfig } from '../../config';
import type {
  AlertsSnapshot,
  OfficialAlertsProvider,
  WeatherProvider,
} from '../../core/weather/weather.ports';
import type { HttpDeps, RetryPolicy } from './http-retry';
import { NwsAlertsProvider } from './nws.alerts';
import { OpenMeteoProvider } from './open-meteo.provider';
import { SimulatedWeatherProvider } from './simulated.provider';

/** The configuration the weather adapters read (a slice of LambdaConfig). */
export type WeatherConfig = Pick<
  LambdaConfig,
  | 'RAINCHECK_WEATHER_PROVIDER'
  | 'RAINCHECK_OPEN_METEO_URL'
  | 'OPEN_METEO_API_KEY'
  | 'RAINCHECK_NWS_URL'
  | 'NWS_USER_AGENT'
  | 'RAINCHECK_WEATHER_TIMEOUT_MS'
  | 'RAINCHECK_WEATHER_MAX_ATTEMPTS'
>;

export interface WeatherProviders {
  forecast: WeatherProvider;
  /** NWS official alerts; with the simulated provider (offline by design) a provider of no alerts. */
  alerts: OfficialAlertsProvider;
}

/** Builds the providers once per Lambda container (module scope), as the other adapters are. */
export function createWeatherProviders(config: WeatherConfig, http?: HttpDeps): WeatherProviders {
  if ((config.RAINCHECK_WEATHER_PROVIDER ?? 'open-meteo') === 'simulated') {
    return { forecast: new SimulatedWeatherProvider(), alerts: new NoOfficialAlerts() };
  }
  const retry: Partial<RetryPolicy> = {
    timeoutMs: config.RAINCHECK_WEATHER_TIMEOUT_MS,
    maxAttempts: config.RAINCHECK_WEATHER_MAX_ATTEMPTS,
  };
  return {
    forecast: new OpenMeteoProvider({
      baseUrl: config.RAINCHECK_OPEN_METEO_URL,
      apiKey: config.OPEN_METEO_API_KEY,
      userAgent: config.NWS_USER_AGENT,
      retry,
      http,
    }),
    alerts: new NwsAlertsProvider({
      baseUrl: config.RAINCHECK_NWS_URL,
      userAgent: config.NWS_USER_AGENT,
      retry,
      http,
    }),
  };
}

/** Official alerts when none can be fetched by design (simulated weather): always an empty list. */
export class NoOfficialAlerts implements OfficialAlertsProvider {
  readonly name = 'none' as const;
  covers(): boolean {
    return false;
  }
  async allActive(): Promise<AlertsSnapshot> {
    return { alerts: [], fetchedAt: new Date().toISOString() };
  }
  async zonesAt(): Promise<string[]> {
    return [];
  }
  stats() {
    return { upstreamCalls: 0, failures: 0 };
  }
}
