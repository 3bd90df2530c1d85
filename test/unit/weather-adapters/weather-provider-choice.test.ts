import {
  chooseWeatherProvider,
  probeOpenMeteo,
  type OpenMeteoProbe,
} from '../../../local/weather-provider-choice';
import { OM, fixtureText } from './support';
import { loopbackServerDuringTests, startLoopbackServer } from '../../support/loopback-server';

const never: OpenMeteoProbe = () => new Promise(() => undefined);

describe('chooseWeatherProvider', () => {
  it('should use RAINCHECK_WEATHER_PROVIDER without probing when it is set', async () => {
    const probe = jest.fn<ReturnType<OpenMeteoProbe>, Parameters<OpenMeteoProbe>>();
    await expect(
      chooseWeatherProvider({ RAINCHECK_WEATHER_PROVIDER: 'simulated' }, { probe }),
    ).resolves.toEqual({
      provider: 'simulated',
      line: 'Weather: simulated (set by RAINCHECK_WEATHER_PROVIDER)',
      env: { RAINCHECK_WEATHER_PROVIDER: 'simulated' },
    });
    await expect(
      chooseWeatherProvider({ RAINCHECK_WEATHER_PROVIDER: 'open-meteo' }, { probe }),
    ).resolves.toMatchObject({
      provider: 'open-meteo',
      line: 'Weather: Open-Meteo (set by RAINCHECK_WEATHER_PROVIDER)',
    });
    expect(probe).not.toHaveBeenCalled();
  });

  it('should refuse a provider name it does not know when the variable is mistyped', async () => {
    await expect(chooseWeatherProvider({ RAINCHECK_WEATHER_PROVIDER: 'openmeteo' })).rejects.toThrow(
      'RAINCHECK_WEATHER_PROVIDER must be "open-meteo" or "simulated" (got "openmeteo")',
    );
  });

  it('should choose Open-Meteo when the probe answers in time', async () => {
    const probe: OpenMeteoProbe = async () => ({ ok: true });
    await expect(chooseWeatherProvider({}, { probe })).resolves.toMatchObject({
      provider: 'open-meteo',
      line: 'Weather: Open-Meteo (reachable)',
    });
  });

  it('should choose the simulated provider after 3 s when the probe never answers', async () => {
    jest.useFakeTimers();
    try {
      const choice = chooseWeatherProvider({}, { probe: never });
      await jest.advanceTimersByTimeAsync(3000);
      await expect(choice).resolves.toEqual({
        provider: 'simulated',
        line: 'Weather: simulated (Open-Meteo not reachable in 3 s)',
        env: { RAINCHECK_WEATHER_PROVIDER: 'simulated' },
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('should pass the customer host and key to the probe when an API key is set', async () => {
    const probe = jest.fn<ReturnType<OpenMeteoProbe>, Parameters<OpenMeteoProbe>>(async () => ({ ok: true }));
    const choice = await chooseWeatherProvider({ OPEN_METEO_API_KEY: 'k-1' }, { probe });
    expect(probe.mock.calls[0]![0]).toMatchObject({
      baseUrl: 'https://customer-api.open-meteo.com',
      apiKey: 'k-1',
    });
    expect(choice.line).toBe('Weather: Open-Meteo (reachable, API key)');
  });

  it('should say why when Open-Meteo answers but refuses', async () => {
    const probe: OpenMeteoProbe = async () => ({
      ok: false,
      reachable: true,
      reason: 'HTTP 401 (Invalid API key)',
    });
    await expect(chooseWeatherProvider({}, { probe })).resolves.toMatchObject({
      provider: 'simulated',
      line: 'Weather: simulated (Open-Meteo answered but not usable: HTTP 401 (Invalid API key))',
    });
  });
});

describe('probeOpenMeteo against a local server', () => {
  const server = loopbackServerDuringTests();

  it('should choose Open-Meteo when the local server answers a recorded forecast', async () => {
    server.respond(() => ({ status: 200, body: fixtureText(OM.berlinCodes) }));
    const choice = await chooseWeatherProvider({ RAINCHECK_OPEN_METEO_URL: server.url });
    expect(choice.line).toBe('Weather: Open-Meteo (reachable)');
    const req = server.requests[0]!;
    expect(req.url.pathname).toBe('/v1/forecast');
    expect(req.url.searchParams.get('forecast_days')).toBe('1');
  });

  it('should choose the simulated provider when the server is slower than the timeout', async () => {
    server.respond(() => ({ status: 200, body: fixtureText(OM.berlinCodes), delayMs: 2000 }));
    const choice = await chooseWeatherProvider({ RAINCHECK_OPEN_METEO_URL: server.url }, { timeoutMs: 100 });
    expect(choice.line).toBe('Weather: simulated (Open-Meteo not reachable in 0.1 s)');
  });

  it('should report the status and reason when the server answers an error body', async () => {
    server.respond(() => ({ status: 400, body: fixtureText(OM.error400) }));
    const result = await probeOpenMeteo({ baseUrl: server.url, signal: AbortSignal.timeout(2000) });
    expect(result).toEqual({
      ok: false,
      reachable: true,
      reason: "HTTP 400 (Parameter 'start_date' is out of allowed range from 2016-01-01 to 2026-10-09)",
    });
  });

  it('should call a closed port unreachable', async () => {
    const closed = await startLoopbackServer();
    const url = closed.url;
    await closed.close();
    const result = await probeOpenMeteo({ baseUrl: url, signal: AbortSignal.timeout(2000) });
    expect(result).toMatchObject({ ok: false, reachable: false });
  });
});
