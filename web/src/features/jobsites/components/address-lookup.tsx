import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  ADDRESS_LOOKUP_UNAVAILABLE,
  type AddressSuggestion,
  type GeocodeResult,
} from '../../../../../shared/geo/geocode';
import { ApiError } from '../../../lib/api-client';
import { placeOfAddress, suggestAddresses } from '../api/address-lookup';

/** Wait this long after the last keystroke before asking (each request is billed). */
const DEBOUNCE_MS = 350;
const MIN_CHARS = 3;

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'found'; items: AddressSuggestion[] }
  | { kind: 'none' }
  | { kind: 'unavailable' }
  | { kind: 'error'; message: string };

/**
 * Street addresses for the Address field as the person types (Amazon Location Places): pick one and
 * the address, latitude and longitude are filled. Where lookup is unavailable (offline, the local
 * stack) it says so once and stops asking; the map pin and the typed coordinates remain.
 */
export function AddressLookup({
  address,
  near,
  onPick,
}: {
  address: string;
  /** The point already set, so nearby addresses come first. */
  near: { latitude: number; longitude: number } | null;
  onPick: (place: GeocodeResult) => void;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const query = address.trim().split('\n').join(', ');
  // The address as loaded or as last picked is not a question: only what the person types is.
  const settled = useRef(query);
  const unavailable = state.kind === 'unavailable';
  const nearRef = useRef(near);
  nearRef.current = near;

  useEffect(() => {
    if (unavailable || query === settled.current) return;
    if (query.length < MIN_CHARS) {
      setState({ kind: 'idle' });
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setState({ kind: 'busy' });
      suggestAddresses(query, nearRef.current, abort.signal).then(
        ({ items }) => setState(items.length ? { kind: 'found', items } : { kind: 'none' }),
        (err: unknown) => {
          if (abort.signal.aborted) return;
          setState(
            err instanceof ApiError && err.status === 503
              ? { kind: 'unavailable' }
              : { kind: 'error', message: 'The address lookup failed. Keep typing to try again.' },
          );
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, unavailable]);

  const pick = async (item: AddressSuggestion) => {
    setState({ kind: 'busy' });
    try {
      const place = await placeOfAddress(item.id);
      settled.current = place.name.trim() || item.label;
      onPick({ ...place, name: settled.current });
      setState({ kind: 'idle' });
    } catch (err) {
      setState(
        err instanceof ApiError && err.status === 503
          ? { kind: 'unavailable' }
          : { kind: 'error', message: 'That address could not be placed. Pick another or place the pin.' },
      );
    }
  };

  return (
    <Stack gap={6} aria-live="polite">
      {state.kind === 'busy' ? (
        <Text size="sm" c="dimmed">
          <Loader size={12} mr={6} /> Looking up the address…
        </Text>
      ) : null}
      {state.kind === 'unavailable' ? (
        <Alert color="yellow" py={6}>
          <Text size="sm">{ADDRESS_LOOKUP_UNAVAILABLE}</Text>
        </Alert>
      ) : null}
      {state.kind === 'error' ? (
        <Text size="sm" c="red">
          {state.message}
        </Text>
      ) : null}
      {state.kind === 'none' ? (
        <Text size="sm" c="dimmed">
          No street address matches yet. Keep typing, or place the pin on the map.
        </Text>
      ) : null}
      {state.kind === 'found' ? (
        <Stack gap={4} role="list" aria-label="Addresses found">
          <Text size="xs" c="dimmed">
            {state.items.length} address{state.items.length === 1 ? '' : 'es'} found: pick one to place the
            pin.
          </Text>
          {state.items.map((item) => (
            <div role="listitem" key={item.id}>
              <Button
                variant="light"
                size="compact-sm"
                fullWidth
                justify="flex-start"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                onClick={() => void pick(item)}
              >
                {item.label}
              </Button>
            </div>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
