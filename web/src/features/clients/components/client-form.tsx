import { Button, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { clientInputSchema, type Client, type ClientFields } from '../../../../../shared/records/client';
import { FormErrorAlert } from '../../../components/form-fields';
import { useFormContrast } from '../../../components/records/form-contrast';
import {
  submitErrors,
  useFocusFirstInvalid,
  zodFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';

const FIELDS = ['name', 'contactName', 'email', 'phone', 'address', 'notes', 'notifyNoWork'] as const;
const shows = (path: string) => (FIELDS as readonly string[]).includes(path);

function initialValues(client?: Client) {
  return {
    name: client?.name ?? '',
    contactName: client?.contactName ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    address: client?.address ?? '',
    notes: client?.notes ?? '',
    notifyNoWork: client?.notifyNoWork ?? false,
  };
}

/**
 * A client's details, validated on submit with the API's own schema (clientInputSchema); the server's
 * field errors land under the same inputs. Nothing typed is lost when saving fails.
 */
export function ClientForm({
  client,
  submitLabel,
  onSubmit,
  onSaved,
  onCancel,
}: {
  client?: Client;
  submitLabel: string;
  onSubmit: (input: ClientFields) => Promise<Client>;
  onSaved: (client: Client) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(client));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const contrast = useFormContrast();

  const set =
    <K extends keyof typeof values>(key: K) =>
    (value: (typeof values)[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const text = (key: Exclude<keyof typeof values, 'notifyNoWork'>) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = clientInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      setFormError(null);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const saved = await onSubmit(parsed.data);
      toast.success(`${saved.name} has been saved.`);
      onSaved(saved);
    } catch (error) {
      const result = submitErrors(error, shows);
      setErrors(result.fields);
      setFormError(result.form);
      focusFirstInvalid();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      style={contrast}
      aria-label={client ? 'Edit client' : 'New client'}
    >
      <Stack gap="md" maw={720}>
        <FormErrorAlert message={formError} title="The client was not saved" />
        <TextInput label="Company name" required autoComplete="organization" {...text('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Contact name" autoComplete="name" {...text('contactName')} />
          <TextInput label="Email" type="email" autoComplete="email" {...text('email')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...text('phone')} />
        </SimpleGrid>
        <Textarea label="Address" autosize minRows={2} autoComplete="street-address" {...text('address')} />
        <Textarea
          label="Notes"
          description="Contract reference, site contacts, anything your team should know."
          autosize
          minRows={3}
          {...text('notes')}
        />
        <Checkbox
          label='Send this client the "no work today" notices of its jobsites'
          name="notifyNoWork"
          checked={values.notifyNoWork}
          onChange={(e) => set('notifyNoWork')(e.currentTarget.checked)}
          error={errors.notifyNoWork}
        />
        <Group>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
