import { parseConfig, ConfigError } from '../../../lambdas/config';
import { NwsAlertsProvider } from '../../../lambdas/adapters/weather/nws.alerts';
import { OpenMeteoProvider } from '../../../lambdas/adapters/weather/open-meteo.provider';
import { SimulatedWeatherProvider } from '../../../lambdas/adapters/weather/simulated.provider';
import { createWeatherProviders } from '../../../lambdas/adapters/weather/weather.factory';

const BASE_ENV = { TABLE_NAME: 't', USER_POOL_ID: 'p', USER_POOL_CLIENT_ID: 'c' };

describe('weather configuration and factory', () => {
  it('should default the NWS URL and User-Agent and leave the provider unset when nothing is configured', () => {
    const config = parseConfig(BASE_ENV);
    expect(config.RAINCHECK_NWS_URL).toBe('https://api.weather.gov');
    expect(config.NWS_USER_AGENT).toBe('Raincheck (ops@raincheck.example)');
    expect(config.RAINCHECK_WEATHER_PROVIDER).toBeUndefined();
    expect(config.OPEN_METEO_API_KEY).toBeUndefined();
  });

  it('should refuse an unknown provider or a bad URL at start-up', () => {
    expect(() => parseConfig({ ...BASE_ENV, RAINCHECK_WEATHER_PROVIDER: 'darksky' })).toThrow(ConfigError);
    expect(() => parseConfig({ ...BASE_ENV, RAINCHECK_OPEN_METEO_URL: 'not a url' })).toThrow(
      /RAINCHECK_OPEN_METEO_URL/,
    );
    expect(() => parseConfig({ ...BASE_ENV, RAINCHECK_WEATHER_MAX_ATTEMPTS: '0' })).toThrow(/MAX_ATTEMPTS/);
  });

  it('should build Open-Meteo and NWS when the provider is unset', () => {
    const { forecast, alerts } = createWeatherProviders(parseConfig(BASE_ENV));
    expect(forecast).toBeInstanceOf(OpenMeteoProvider);
    expect(forecast.name).toBe('open-meteo');
    expect(alerts).toBeInstanceOf(NwsAlertsProvider);
  });

  it('should build the simulated provider and no official alerts when simulated is configured', async () => {
    const { forecast, alerts } = createWeatherProviders(
      parseConfig({ ...BASE_ENV, RAINCHECK_WEATHER_PROVIDER: 'simulated' }),
    );
    expect(forecast).toBeInstanceOf(SimulatedWeatherProvider);
    expect(alerts.name).toBe('none');
    expect(alerts.covers({ latitude: 33.25, longitude: -112.3 })).toBe(false);
    await expect(alerts.allActive()).resolves.toMatchObject({ alerts: [] });
  });

  it('should send requests to the configured hosts with the configured User-Agent and attempts', async () => {
    const urls: string[] = [];
    const agents: string[] = [];
    const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
      urls.push(String(url));
      agents.push(new Headers(init?.headers).get('user-agent') ?? '');
      return new Response('{}', { status: 503 });
    }) as typeof fetch;
    const config = parseConfig({
      ...BASE_ENV,
      RAINCHECK_OPEN_METEO_URL: 'http://127.0.0.1:9/om',
      RAINCHECK_NWS_URL: 'http://127.0.0.1:9/nws',
      OPEN_METEO_API_KEY: 'k',
      NWS_USER_AGENT: 'Raincheck test (qa@example.com)',
      RAINCHECK_WEATHER_MAX_ATTEMPTS: '1',
    });
    const { forecast, alerts } = createWeatherProviders(config, { fetch: fetchFn });

    await forecast.forecast([{ key: 'a', latitude: 40, longitude: -75 }], { days: 1, now: new Date() });
    await expect(alerts.allActive()).rejects.toThrow(/HTTP 503/);

    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:9\/om\/v1\/forecast\?.*apikey=k/);
    expect(urls[1]).toBe('http://127.0.0.1:9/nws/alerts/active?status=actual');
    expect(agents).toEqual(['Raincheck test (qa@example.com)', 'Raincheck test (qa@example.com)']);
  });
});
