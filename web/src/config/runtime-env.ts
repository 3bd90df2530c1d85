import type { RuntimeConfig } from '../../../shared/runtime-config';
import { parseRuntimeConfig } from '../../../shared/runtime-config-parse';

/**
 * The one module that reads the runtime configuration. The same build runs locally and in AWS, so
 * nothing environment-specific is baked in: the server answers `/config.json` (locally from the running
 * emulators, in AWS written by the CDK web construct) and it is checked with shared/runtime-config-parse.ts,
 * which accepts exactly what the shared zod schema accepts (zod itself is too heavy for the first load).
 * Jest maps this module to test/unit/web/runtime-env.stub.ts.
 */
let loaded: RuntimeConfig | null = null;
let pending: Promise<RuntimeConfig> | null = null;

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

async function fetchConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new RuntimeConfigError(`Could not load /config.json (HTTP ${response.status})`);
  const parsed = parseRuntimeConfig(await response.json());
  if (!parsed.success) {
    throw new RuntimeConfigError(`Invalid /config.json: ${parsed.issue.path} ${parsed.issue.message}`);
  }
  return parsed.data;
}

/** Loads and validates `/config.json` once; a failed load can be retried by calling again. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= fetchConfig().then(
    (config) => {
      loaded = config;
      return config;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/**
 * For the build's prerender of the landing page (web/prerender/), which renders the app in Node with no
 * /config.json to fetch. Nothing the landing page shows depends on the values.
 */
export function provideRuntimeConfig(config: RuntimeConfig): void {
  loaded = config;
}

/** The configuration loaded at start-up (main.tsx awaits it before the app renders). */
export function getRuntimeConfig(): RuntimeConfig {
  if (!loaded) throw new RuntimeConfigError('Runtime configuration used before it was loaded');
  return loaded;
}
