import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { AccountProfile, UnitSystem } from '../../../../../shared/account';
import { ACCOUNT_MESSAGES } from '../../../../../shared/messages';
import { profileBodySchema, type ProfileBody } from '../../../../../shared/profile';
import { useSchemaSubmit } from '../../../lib/use-schema-submit';
import { FormErrorAlert, TextField } from '../../../components/form-fields';

/** A read-only field: the body text colour on a tinted field, so it reads as not editable. */
const READ_ONLY_LOOK = {
  input: {
    color: 'var(--mantine-color-text)',
    backgroundColor: 'var(--mantine-color-default-hover)',
    cursor: 'default',
  },
};
const UNITS_HINT = 'How temperatures, wind and rain are shown in the app and in notices.';
const OWNER_CHANGES_THIS = 'The account owner changes this.';

const FIELDS: readonly (keyof ProfileBody)[] = ['name', 'company', 'units'];

/**
 * Name, company and units; validated with the same zod schema as PUT /api/me/profile. The name is the
 * signed-in person's own (`self`); a member who is not the owner (`member`, issue 22) sets only that:
 * the account's company and units are shown read-only and not sent.
 */
export function ProfileForm({
  profile,
  onSave,
  self,
  member = false,
}: {
  profile: AccountProfile;
  onSave: (input: ProfileBody) => Promise<unknown>;
  /** The signed-in person's own address and name (a member's differ from the account's). */
  self?: { email: string; name: string | null };
  member?: boolean;
}) {
  const [name, setName] = useState((self ? self.name : profile.name) ?? '');
  const [company, setCompany] = useState(profile.company ?? '');
  const [units, setUnits] = useState<UnitSystem>(profile.units);

  const { errors, saving, onSubmit } = useSchemaSubmit({
    schema: profileBodySchema,
    fields: FIELDS,
    values: () =>
      member
        ? { name: name.trim() || null }
        : { name: name.trim() || null, company: company.trim() || null, units },
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
          value={self?.email ?? profile.email}
          readOnly
          description="The email you sign in with."
          styles={READ_ONLY_LOOK}
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
          readOnly={member}
          description={member ? OWNER_CHANGES_THIS : undefined}
          styles={member ? READ_ONLY_LOOK : undefined}
        />
        <Radio.Group
          label="Units"
          description={member ? OWNER_CHANGES_THIS : UNITS_HINT}
          value={units}
          onChange={(value) => setUnits(value as UnitSystem)}
          error={errors.units}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="us" label="US customary (°F, mph, inches)" disabled={member} />
            <Radio value="metric" label="Metric (°C, km/h, millimetres)" disabled={member} />
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
