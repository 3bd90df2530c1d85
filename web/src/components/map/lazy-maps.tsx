import { Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
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

/** A map chunk in its frame: a skeleton of `height` while it loads, `unavailable` where it cannot run. */
function framedMap<P extends object>(
  Chunk: ComponentType<P>,
  frame: { height: number; unavailable: string },
): (props: P) => ReactNode {
  return function FramedMap(props: P) {
    return (
      <MapFrame {...frame}>
        <Chunk {...props} />
      </MapFrame>
    );
  };
}

/** The jobsites page's map (a browser without WebGL shows a line instead; the list says the same). */
export const JobsitesMap = framedMap<{ pins: MapPin[]; onOpen: (href: string) => void }>(PinsMapChunk, {
  height: 360,
  unavailable: 'The map cannot be shown in this browser; the list below has every jobsite.',
});

/** The jobsite form's map: click to place the pin, drag to move it. */
export const PinPicker = framedMap<{ point: PickedPoint | null; onPick: (point: PickedPoint) => void }>(
  PinPickerMapChunk,
  { height: 300, unavailable: 'The map cannot be shown in this browser; type the coordinates instead.' },
);

export type { MapPin, PickedPoint };
