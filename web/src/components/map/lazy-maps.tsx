import { Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../error-boundary';
import type { MapPin } from './map-pins';
import type { PickedPoint } from './pin-picker-map';

// MapLibre is ~800 KB: it loads only with the screens that show a map, never with the first page.
const PinsMapChunk = lazy(() => import('./pins-map'));
const PinPickerMapChunk = lazy(() => import('./pin-picker-map'));

function MapFrame({
  children,
  height,
  unavailable,
}: {
  children: ReactNode;
  height: number;
  unavailable: string;
}) {
  return (
    <ErrorBoundary
      fallback={() => (
        <Text size="sm" c="dimmed" role="status">
          {unavailable}
        </Text>
      )}
    >
      <Suspense fallback={<Skeleton height={height} radius="md" aria-hidden />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** The jobsites page's map (a browser without WebGL shows a line instead; the list says the same). */
export function JobsitesMap(props: { pins: MapPin[]; onOpen: (href: string) => void }) {
  return (
    <MapFrame
      height={360}
      unavailable="The map cannot be shown in this browser; the list below has every jobsite."
    >
      <PinsMapChunk {...props} />
    </MapFrame>
  );
}

/** The jobsite form's map: click to place the pin, drag to move it. */
export function PinPicker(props: { point: PickedPoint | null; onPick: (point: PickedPoint) => void }) {
  return (
    <MapFrame
      height={300}
      unavailable="The map cannot be shown in this browser; type the coordinates instead."
    >
      <PinPickerMapChunk {...props} />
    </MapFrame>
  );
}

export type { MapPin, PickedPoint };
