import { useComputedColorScheme } from '@mantine/core';
import { Map as MapLibreMap, Marker, NavigationControl, Popup, type GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { getRuntimeConfig } from '../../config/runtime-env';
import { basemapStyle } from './basemap';
import {
  boundsOf,
  CLUSTER_LAYER,
  PIN_LAYER,
  pinLayers,
  pinFeatures,
  pinsSource,
  PINS_SOURCE,
  type MapPin,
  type PinProperties,
} from './map-pins';

const RING = { light: '#ffffff', dark: '#242424' };

/** The popup's content, built from text nodes (a jobsite name is the user's own text). */
function popupContent(p: PinProperties, onOpen: (href: string) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'rc-map-popup';
  const name = document.createElement('strong');
  name.textContent = p.name;
  const status = document.createElement('div');
  status.textContent = p.statusLabel;
  const link = document.createElement('a');
  link.href = p.href;
  link.textContent = 'Open jobsite';
  link.addEventListener('click', (e) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onOpen(p.href);
  });
  root.append(name, status, link);
  return root;
}

/**
 * Every jobsite as a pin coloured by today's verdict, clustered when zoomed out (a cluster shows its
 * count and the worst verdict inside); a click on a pin opens a popup with the verdict and a link, a
 * click on a cluster zooms into it. The page's list carries the same facts for keyboards and screen
 * readers, so the canvas itself is hidden from assistive technology.
 */
export default function PinsMap({ pins, onOpen }: { pins: MapPin[]; onOpen: (href: string) => void }) {
  const scheme = useComputedColorScheme('light');
  // No WebGL (or the basemap could not load): say so in place of the map.
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  // The map is made once per colour scheme; new pins (a refetch, an edit) replace the source's data.
  const pinsRef = useRef(pins);
  pinsRef.current = pins;
  const mapRef = useRef<MapLibreMap | null>(null);

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let map: MapLibreMap | null = null;
    let cancelled = false;
    const counts = new Map<number, Marker>();

    void basemapStyle(scheme, getRuntimeConfig().mapStyleUrl)
      .then((style) => {
        if (cancelled) return;
        const bounds = boundsOf(pinsRef.current);
        map = new MapLibreMap({
          container,
          style,
          ...(bounds
            ? { bounds, fitBoundsOptions: { padding: 48, maxZoom: 12 } }
            : { center: [-98, 39], zoom: 3 }),
          attributionControl: { compact: true },
          cooperativeGestures: false,
        });
        const m = map;
        mapRef.current = m;
        m.addControl(new NavigationControl({ showCompass: false }), 'top-right');
        m.on('load', () => {
          // The browser tests project a jobsite's coordinates to the pixel of its pin through this.
          (container as HTMLDivElement & { maplibre?: MapLibreMap }).maplibre = m;
          m.getContainer().dataset.ready = 'true';
          m.addSource(PINS_SOURCE, pinsSource(pinsRef.current));
          for (const layer of pinLayers(RING[scheme])) m.addLayer(layer);
        });
        // Cluster counts as HTML labels: the offline basemap has no fonts for map text.
        m.on('render', () => {
          if (!m.getSource(PINS_SOURCE) || !m.isSourceLoaded(PINS_SOURCE)) return;
          const seen = new Set<number>();
          for (const f of m.querySourceFeatures(PINS_SOURCE, { filter: ['has', 'point_count'] })) {
            const id = f.properties.cluster_id as number;
            if (seen.has(id) || f.geometry.type !== 'Point') continue;
            seen.add(id);
            if (!counts.has(id)) {
              const label = document.createElement('div');
              label.className = 'rc-map-cluster-count';
              label.textContent = String(f.properties.point_count);
              counts.set(
                id,
                new Marker({ element: label }).setLngLat(f.geometry.coordinates as [number, number]).addTo(m),
              );
            }
          }
          for (const [id, marker] of counts)
            if (!seen.has(id)) {
              marker.remove();
              counts.delete(id);
            }
        });
        m.on('click', CLUSTER_LAYER, (e) => {
          const f = e.features?.[0];
          if (!f || f.geometry.type !== 'Point') return;
          const center = f.geometry.coordinates as [number, number];
          void (m.getSource(PINS_SOURCE) as GeoJSONSource)
            .getClusterExpansionZoom(f.properties.cluster_id as number)
            .then((zoom) => m.easeTo({ center, zoom }));
        });
        m.on('click', PIN_LAYER, (e) => {
          const f = e.features?.[0];
          if (!f || f.geometry.type !== 'Point') return;
          new Popup({ offset: 14, maxWidth: '260px' })
            .setLngLat(f.geometry.coordinates as [number, number])
            .setDOMContent(popupContent(f.properties as PinProperties, (href) => openRef.current(href)))
            .addTo(m);
        });
        for (const layer of [CLUSTER_LAYER, PIN_LAYER]) {
          m.on('mouseenter', layer, () => (m.getCanvas().style.cursor = 'pointer'));
          m.on('mouseleave', layer, () => (m.getCanvas().style.cursor = ''));
        }
      })
      .catch((err: unknown) => {
        console.warn('Map unavailable', err);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      delete container.dataset.ready;
      mapRef.current = null;
      map?.remove();
    };
  }, [scheme]);

  useEffect(() => {
    const source = mapRef.current?.getSource(PINS_SOURCE) as GeoJSONSource | undefined;
    source?.setData(pinFeatures(pins));
  }, [pins]);

  if (failed)
    return (
      <Text size="sm" c="dimmed" role="status">
        The map cannot be shown in this browser; the list below has every jobsite.
      </Text>
    );
  return <div ref={box} className="rc-map" data-testid="jobsites-map" />;
}
