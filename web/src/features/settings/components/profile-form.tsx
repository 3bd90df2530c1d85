import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { AccountProfile, UnitSystem } from '../../../../../shared/account';
import { ACCOUNT_MESSAGES } from '../../../../../shared/messages';
import { profileUpdateSchema, type ProfileUpdate } from '../../../../../shared/profile';
import { ApiError } from '../../../lib/api-client';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';

type Field = keyof ProfileUpdate;
type Errors = Partial<Record<Field | 'form', string>>;

const FIELDS: readonly Field[] = ['name', 'company', 'units'];

function isField(value: unknown): value is Field {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

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
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = profileUpdateSchema.safeParse({
      name: name.trim() || null,
      company: company.trim() || null,
      units,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        next[isField(key) ? key : 'form'] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(parsed.data);
      toast.success('Your profile has been saved.');
    } catch (error) {
      const message = friendlyErrorMessage(error, ACCOUNT_MESSAGES.profileSaveFailed);
      const field = error instanceof ApiError ? error.field : undefined;
      setErrors(isField(field) ? { [field]: message } : { form: message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="Profile">
      <Stack gap="md" maw={480}>
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
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
        <TextInput
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Company"
          name="company"
          autoComplete="organization"
          value={company}
          onChange={(e) => setCompany(e.currentTarget.value)}
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
