import { Button, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { RecordSelect } from '../../../components/form-fields';
import { PinPicker } from '../../../components/map/lazy-maps';
import { FormSection } from '../../../components/records/record-form';
import { textField } from '../../../lib/form-errors';
import { AddressLookup } from './address-lookup';
import type { Option, SectionProps } from './jobsite-form-values';

/** The typed coordinates as a point, or null while they are incomplete or out of range. */
function pointOf(latitude: string, longitude: string): { latitude: number; longitude: number } | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const lat = Number(latitude);
  const lon = Number(longitude);
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180
    ? { latitude: lat, longitude: lon }
    : null;
}

function allTimezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** Where the jobsite is: name, client, address (with lookup), coordinates and the clock notices use. */
export function JobsitePlaceSection({
  form,
  clientOptions,
  derived,
}: {
  form: SectionProps;
  clientOptions: Option[];
  /** The zone the typed coordinates give, if any. */
  derived: string | null;
}) {
  const { values, set, setValues, errors } = form;
  const text = textField(form);
  const zones = useMemo(() => {
    const list = allTimezones();
    for (const extra of [derived, values.timezoneOverride])
      if (extra && !list.includes(extra)) list.push(extra);
    return list;
  }, [derived, values.timezoneOverride]);
  const point = pointOf(values.latitude, values.longitude);
  const setPoint = (p: { latitude: number; longitude: number }) =>
    setValues((v) => ({ ...v, latitude: String(p.latitude), longitude: String(p.longitude) }));
  const chosenByHand = !!values.timezoneOverride && !!derived && values.timezoneOverride !== derived;

  return (
    <FormSection legend="Site">
      <Stack gap="md">
        <TextInput label="Jobsite name" required {...text('name')} />
        <RecordSelect
          label="Client"
          placeholder="No client"
          data={clientOptions}
          value={values.clientId}
          onChange={set('clientId')}
          nothingFoundMessage="No client by that name"
          error={errors.clientId}
        />
        <Textarea
          label="Address"
          description="Type the street address; pick a suggestion to place the pin."
          autosize
          minRows={2}
          {...text('address')}
        />
        <AddressLookup
          address={values.address}
          near={point}
          onPick={(place) =>
            setValues((v) => ({
              ...v,
              address: place.name || v.address,
              latitude: String(place.latitude),
              longitude: String(place.longitude),
            }))
          }
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="jobsite-pin-label">
            Pin on the map
          </Text>
          <Text size="xs" c="dimmed">
            Click the map to place the pin, or drag it. The coordinates below follow it, and typing them moves
            it.
          </Text>
          <PinPicker point={point} onPick={setPoint} />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Latitude"
            required
            inputMode="decimal"
            placeholder="e.g. 41.8781"
            description="Decimal degrees, −90 to 90 (north is positive)"
            {...text('latitude')}
          />
          <TextInput
            label="Longitude"
            required
            inputMode="decimal"
            placeholder="e.g. -87.6298"
            description="Decimal degrees, −180 to 180 (east is positive)"
            {...text('longitude')}
          />
        </SimpleGrid>
        <Select
          label="Timezone"
          description={
            <span aria-live="polite">
              {derived
                ? chosenByHand
                  ? `Chosen by hand; the coordinates give ${derived}.`
                  : `Derived from the coordinates: ${derived}.`
                : 'Derived from the coordinates once both are typed.'}{' '}
              Notices go out on this clock.
            </span>
          }
          placeholder="From the coordinates"
          data={zones}
          value={values.timezoneOverride ?? derived}
          onChange={(zone) => set('timezoneOverride')(zone && zone !== derived ? zone : null)}
          searchable
          clearable={!!values.timezoneOverride}
          limit={60}
          nothingFoundMessage="No timezone by that name"
          error={errors.timezone}
          comboboxProps={{ withinPortal: true }}
        />
        {chosenByHand ? (
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            onClick={() => set('timezoneOverride')(null)}
          >
            Use {derived} (from the coordinates)
          </Button>
        ) : null}
      </Stack>
    </FormSection>
  );
}
