import { Button, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { FormSection } from '../../../components/records/record-form';
import { textField } from '../../../lib/form-errors';
import { AddressLookup } from './address-lookup';
import type { Option, SectionProps } from './jobsite-form-values';

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
  const chosenByHand = !!values.timezoneOverride && !!derived && values.timezoneOverride !== derived;

  return (
    <FormSection legend="Site">
      <Stack gap="md">
        <TextInput label="Jobsite name" required {...text('name')} />
        <Select
          label="Client"
          placeholder="No client"
          data={clientOptions}
          value={values.clientId}
          onChange={set('clientId')}
          clearable
          searchable
          nothingFoundMessage="No client by that name"
          error={errors.clientId}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea label="Address" autosize minRows={2} {...text('address')} />
        <AddressLookup
          address={values.address}
          onPick={(place) =>
            setValues((v) => ({ ...v, latitude: String(place.latitude), longitude: String(place.longitude) }))
          }
        />
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
