import { useComputedColorScheme } from '@mantine/core';
import { Map as MapLibreMap, Marker, NavigationControl } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { getRuntimeConfig } from '../../config/runtime-env';
import { basemapStyle } from './basemap';

export interface PickedPoint {
  latitude: number;
  longitude: number;
}

/** Five decimals: about a metre, finer than anyone places a pin by hand. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * A map to place one point: a click puts the pin there, and the pin can be dragged. The typed
 * latitude and longitude stay the accessible way to set the same point; the map follows them.
 */
export default function PinPickerMap({
  point,
  onPick,
}: {
  point: PickedPoint | null;
  onPick: (point: PickedPoint) => void;
}) {
  const scheme = useComputedColorScheme('light');
  // No WebGL (or the basemap could not load): say so in place of the map.
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const pointRef = useRef(point);
  pointRef.current = point;

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let cancelled = false;
    void basemapStyle(scheme, getRuntimeConfig().mapStyleUrl)
      .then((style) => {
        if (cancelled) return;
        const start = pointRef.current;
        // Offline outlines show states, not streets: a closer zoom would show an empty plane.
        const near = typeof style === 'string' ? 14 : 6;
        const map = new MapLibreMap({
          container,
          style,
          center: start ? [start.longitude, start.latitude] : [-98, 39],
          zoom: start ? near : 3,
          attributionControl: { compact: true },
        });
        mapRef.current = map;
        map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
        map.on('load', () => (map.getContainer().dataset.ready = 'true'));
        map.on('click', (e) =>
          pickRef.current({ latitude: round(e.lngLat.lat), longitude: round(e.lngLat.lng) }),
        );
        const marker = new Marker({ draggable: true, color: '#1c7ed6' });
        marker.getElement().setAttribute('aria-label', 'Jobsite pin (drag to move)');
        marker.getElement().dataset.testid = 'jobsite-pin';
        marker.on('dragend', () => {
          const at = marker.getLngLat();
          pickRef.current({ latitude: round(at.lat), longitude: round(at.lng) });
        });
        markerRef.current = marker;
        if (start) marker.setLngLat([start.longitude, start.latitude]).addTo(map);
      })
      .catch((err: unknown) => {
        console.warn('Map unavailable', err);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      delete container.dataset.ready;
      markerRef.current = null;
      mapRef.current?.remove();
      mapRef.current = null;
    };
  }, [scheme]);

  // The typed (or picked, or looked-up) point moves the pin; a far jump recentres the map on it.
  const lat = point?.latitude;
  const lon = point?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    const marker = markerRef.current;
    if (!map || !marker || lat === undefined || lon === undefined) return;
    marker.setLngLat([lon, lat]).addTo(map);
    if (!map.getBounds().contains([lon, lat]))
      map.easeTo({ center: [lon, lat], zoom: Math.max(map.getZoom(), 6) });
  }, [lat, lon]);

  if (failed)
    return (
      <Text size="sm" c="dimmed" role="status">
        The map cannot be shown in this browser; type the coordinates instead.
      </Text>
    );
  return <div ref={box} className="rc-map rc-map--picker" data-testid="jobsite-picker-map" />;
}
