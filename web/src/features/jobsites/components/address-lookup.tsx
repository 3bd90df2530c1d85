import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { GEOCODER_UNAVAILABLE, type GeocodeResult } from '../../../../../shared/geo/geocode';
import { ApiError } from '../../../lib/api-client';
import { geocode } from '../api/geocode';

/**
 * "Find coordinates" for the address typed above: the places the geocoder finds, one click to use
 * one. When the geocoder cannot be reached the form says so and typed coordinates remain the way.
 */
export function AddressLookup({
  address,
  onPick,
}: {
  address: string;
  onPick: (place: GeocodeResult) => void;
}) {
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'found'; items: GeocodeResult[] }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const query = address.trim().split('\n').join(', ');
  const lookUp = async () => {
    setState({ kind: 'busy' });
    try {
      const { items } = await geocode(query);
      setState(
        items.length
          ? { kind: 'found', items }
          : {
              kind: 'error',
              message: 'No place found for that address. Try the city, or type the coordinates.',
            },
      );
    } catch (err) {
      setState({
        kind: 'error',
        message:
          err instanceof ApiError && err.status === 503
            ? GEOCODER_UNAVAILABLE
            : 'The lookup failed. Try again, or type the coordinates.',
      });
    }
  };
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => void lookUp()}
          loading={state.kind === 'busy'}
          disabled={query.length < 2}
        >
          Find coordinates from the address
        </Button>
      </Group>
      {state.kind === 'error' ? (
        <Alert color="yellow" role="status" py={6}>
          <Text size="sm">{state.message}</Text>
        </Alert>
      ) : null}
      {state.kind === 'found' ? (
        <Stack gap={4} role="list" aria-label="Places found">
          {state.items.map((p) => (
            <Group key={`${p.latitude},${p.longitude}`} gap="xs" role="listitem" wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  onPick(p);
                  setState({ kind: 'idle' });
                }}
              >
                Use
              </Button>
              <Text size="sm">
                {p.name}
                {p.region ? `, ${p.region}` : ''} ({p.latitude.toFixed(4)}, {p.longitude.toFixed(4)})
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
