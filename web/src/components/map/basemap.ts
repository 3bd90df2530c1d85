import { setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import statesUrl from 'us-atlas/states-10m.json?url';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import {
  offlineBasemapStyle,
  outlinesFrom,
  styleUrlFor,
  type CountriesTopology,
  type OutlineData,
  type Scheme,
  type StatesTopology,
} from './offline-basemap';

// The worker is a file of our own origin (CSP default-src 'self'), not the blob MapLibre would make.
setWorkerUrl(workerUrl);

let outlines: Promise<OutlineData> | null = null;

async function loadOutlines(): Promise<OutlineData> {
  const get = async <T>(url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`Could not load the map outlines (HTTP ${res.status})`);
    return (await res.json()) as T;
  };
  const [countries, states] = await Promise.all([
    get<CountriesTopology>(countriesUrl),
    get<StatesTopology>(statesUrl),
  ]);
  return outlinesFrom(countries, states);
}

/**
 * The basemap to draw: the configured map service's style (Amazon Location in AWS), else the bundled
 * Natural Earth outlines, converted once per page load.
 */
export async function basemapStyle(
  scheme: Scheme,
  mapStyleUrl?: string,
): Promise<string | StyleSpecification> {
  if (mapStyleUrl) return styleUrlFor(mapStyleUrl, scheme);
  outlines ??= loadOutlines().catch((err: unknown) => {
    outlines = null;
    throw err;
  });
  return offlineBasemapStyle(await outlines, scheme);
}
