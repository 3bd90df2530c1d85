import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { AccountProfile, UnitSystem } from '../../../../../shared/account';
import { ACCOUNT_MESSAGES } from '../../../../../shared/messages';
import { profileUpdateSchema, type ProfileUpdate } from '../../../../../shared/profile';
import { useSchemaSubmit } from '../../../lib/use-schema-submit';
import { FormErrorAlert, TextField } from '../../../components/form-fields';

const FIELDS: readonly (keyof ProfileUpdate)[] = ['name', 'company', 'units'];

/** Name, company and units; validated with the same zod schema as PUT /api/me/profile. */
export function ProfileForm({
  profile,
  onSave,
}: {
  profile: AccountProfile;
  onSave: (input: ProfileUpdate) => Promise<unknown>;
}) {
  const [name, setName] = useState(profile.name ?? '');
  const [company, setCompany] = useState(profile.company ?? '');
  const [units, setUnits] = useState<UnitSystem>(profile.units);

  const { errors, saving, onSubmit } = useSchemaSubmit({
    schema: profileUpdateSchema,
    fields: FIELDS,
    values: () => ({ name: name.trim() || null, company: company.trim() || null, units }),
    save: onSave,
    saved: () => 'Your profile has been saved.',
    failed: ACCOUNT_MESSAGES.profileSaveFailed,
  });

  return (
    <form onSubmit={onSubmit} aria-label="Profile">
      <Stack gap="md" maw={480}>
        <FormErrorAlert message={errors.form} />
        {/* Read-only, not disabled: a disabled input is faded below 4.5:1; this one keeps the
            body text colour on a tinted field, in both themes. */}
        <TextInput
          label="Email"
          value={profile.email}
          readOnly
          description="The email you sign in with."
          styles={{
            input: {
              color: 'var(--mantine-color-text)',
              backgroundColor: 'var(--mantine-color-default-hover)',
              cursor: 'default',
            },
          }}
        />
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onValueChange={setName}
          error={errors.name}
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          value={company}
          onValueChange={setCompany}
          error={errors.company}
        />
        <Radio.Group
          label="Units"
          description="How temperatures, wind and rain are shown in the app and in notices."
          value={units}
          onChange={(value) => setUnits(value as UnitSystem)}
          error={errors.units}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="us" label="US customary (°F, mph, inches)" />
            <Radio value="metric" label="Metric (°C, km/h, millimetres)" />
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={saving}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
