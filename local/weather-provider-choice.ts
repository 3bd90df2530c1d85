import {
  OPEN_METEO_CUSTOMER_URL,
  OPEN_METEO_PUBLIC_URL,
} from '../lambdas/adapters/weather/open-meteo.provider';
import { parseOpenMeteoText } from '../shared/weather/open-meteo-response';

/**
 * Which forecast provider the embedded stack uses (DESIGN §6: Open-Meteo when reachable, otherwise a
 * clearly labelled simulated provider). `RAINCHECK_WEATHER_PROVIDER` decides when set; otherwise a
 * tiny forecast request must come back as a readable forecast within `timeoutMs` (3 s).
 * The caller prints `line` and passes `env` on to the Lambda configuration.
 */

export type WeatherProviderName = 'open-meteo' | 'simulated';

export interface WeatherChoice {
  provider: WeatherProviderName;
  /** e.g. "Weather: Open-Meteo (reachable)" / "Weather: simulated (Open-Meteo not reachable in 3 s)". */
  line: string;
  /** The variable to hand to the Lambda configuration so the factory builds the same provider. */
  env: { RAINCHECK_WEATHER_PROVIDER: WeatherProviderName };
}

export type ProbeResult = { ok: true } | { ok: false; reachable: boolean; reason: string };

/** Asks Open-Meteo for something tiny; must settle soon after `signal` aborts. */
export type OpenMeteoProbe = (target: {
  baseUrl: string;
  apiKey?: string;
  signal: AbortSignal;
}) => Promise<ProbeResult>;

export interface ChooseOptions {
  probe?: OpenMeteoProbe;
  timeoutMs?: number;
}

export async function chooseWeatherProvider(
  env: Record<string, string | undefined>,
  opts: ChooseOptions = {},
): Promise<WeatherChoice> {
  const setting = env.RAINCHECK_WEATHER_PROVIDER?.trim();
  if (setting) {
    if (setting !== 'open-meteo' && setting !== 'simulated') {
      throw new Error(`RAINCHECK_WEATHER_PROVIDER must be "open-meteo" or "simulated" (got "${setting}")`);
    }
    const label = setting === 'open-meteo' ? 'Open-Meteo' : 'simulated';
    return choice(setting, `Weather: ${label} (set by RAINCHECK_WEATHER_PROVIDER)`);
  }

  const timeoutMs = opts.timeoutMs ?? 3000;
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`;
  const apiKey = env.OPEN_METEO_API_KEY?.trim() || undefined;
  const baseUrl =
    env.RAINCHECK_OPEN_METEO_URL?.trim() || (apiKey ? OPEN_METEO_CUSTOMER_URL : OPEN_METEO_PUBLIC_URL);
  const probe = opts.probe ?? probeOpenMeteo;

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, reachable: false, reason: 'timeout' });
    }, timeoutMs);
  });
  let result: ProbeResult;
  try {
    result = await Promise.race([
      probe({ baseUrl, apiKey, signal: controller.signal }).catch((err: unknown): ProbeResult => ({
        ok: false,
        reachable: false,
        reason: String(err),
      })),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }

  if (result.ok) return choice('open-meteo', `Weather: Open-Meteo (reachable${apiKey ? ', API key' : ''})`);
  if (!result.reachable)
    return choice('simulated', `Weather: simulated (Open-Meteo not reachable in ${seconds})`);
  return choice('simulated', `Weather: simulated (Open-Meteo answered but not usable: ${result.reason})`);
}

function choice(provider: WeatherProviderName, line: string): WeatherChoice {
  return { provider, line, env: { RAINCHECK_WEATHER_PROVIDER: provider } };
}

/** The default probe: one location, one variable, one day; the answer must parse as a forecast. */
export const probeOpenMeteo: OpenMeteoProbe = async ({ baseUrl, apiKey, signal }) => {
  const params = new URLSearchParams({
    latitude: '52.52',
    longitude: '13.41',
    hourly: 'temperature_2m',
    forecast_days: '1',
    timezone: 'GMT',
  });
  if (apiKey) params.set('apikey', apiKey);
  const base = baseUrl.replace(/\/+$/, '');
  const endpoint = base.endsWith('/v1/forecast') ? base : `${base}/v1/forecast`;
  let res: Response;
  try {
    res = await fetch(`${endpoint}?${params}`, { signal });
  } catch (err) {
    return { ok: false, reachable: false, reason: err instanceof Error ? err.message : String(err) };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    let reason = `HTTP ${res.status}`;
    try {
      const body = JSON.parse(text) as { reason?: unknown };
      if (typeof body.reason === 'string') reason += ` (${body.reason})`;
    } catch {
      // not JSON: the status says enough
    }
    return { ok: false, reachable: true, reason };
  }
  try {
    parseOpenMeteoText(text);
    return { ok: true };
  } catch (err) {
    return { ok: false, reachable: true, reason: err instanceof Error ? err.message : String(err) };
  }
};
