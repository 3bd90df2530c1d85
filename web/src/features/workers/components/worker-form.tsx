import { Alert, Button, Group, MultiSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { workerInputSchema, type Worker, type WorkerFields } from '../../../../../shared/records/worker';
import { FormErrorAlert } from '../../../components/form-fields';
import { useFormContrast } from '../../../components/records/form-contrast';
import {
  submitErrors,
  useFocusFirstInvalid,
  zodFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { WorkerStatusBadge, workerStatusHint } from './worker-status-badge';

const FIELDS = ['name', 'email', 'phone', 'trade', 'crewIds', 'isManager'];
const shows = (path: string) => FIELDS.includes(path.split('.')[0] ?? '');

export interface Option {
  value: string;
  label: string;
}

/**
 * A worker's details and crews, validated on submit with workerInputSchema (the API's own). The
 * notification status is the email system's and only shown.
 */
export function WorkerForm({
  worker,
  crewOptions,
  crewsLoading = false,
  submitLabel,
  onSubmit,
  onSaved,
  onCancel,
}: {
  worker?: Worker;
  crewOptions: Option[];
  crewsLoading?: boolean;
  submitLabel: string;
  onSubmit: (input: WorkerFields) => Promise<Worker>;
  onSaved: (worker: Worker) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(() => ({
    name: worker?.name ?? '',
    email: worker?.email ?? '',
    phone: worker?.phone ?? '',
    trade: worker?.trade ?? '',
    crewIds: worker?.crewIds ?? [],
    isManager: worker?.isManager ?? false,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const contrast = useFormContrast();

  const set =
    <K extends keyof typeof values>(key: K) =>
    (value: (typeof values)[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'name' | 'email' | 'phone' | 'trade') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
  });
  const crewError = Object.entries(errors).find(([k]) => k.startsWith('crewIds'))?.[1];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = workerInputSchema.safeParse(values);
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

  // Crews of the worker that the option list does not hold (still loading, or over 4,000 crews).
  const options = [
    ...crewOptions,
    ...values.crewIds
      .filter((id) => !crewOptions.some((o) => o.value === id))
      .map((id) => ({ value: id, label: id })),
  ];

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      style={contrast}
      aria-label={worker ? 'Edit worker' : 'New worker'}
    >
      <Stack gap="md" maw={720}>
        <FormErrorAlert message={formError} title="The worker was not saved" />
        {worker ? (
          <Alert color="gray" variant="light" title="Notification status">
            <Group gap="sm">
              <WorkerStatusBadge status={worker.status} />
              <Text size="sm">
                {workerStatusHint(worker.status)}. Set by the email system; it cannot be edited.
              </Text>
            </Group>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" required autoComplete="name" {...text('name')} />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            description="Delay notices are sent here."
            {...text('email')}
          />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...text('phone')} />
          <TextInput label="Trade or role" placeholder="e.g. Carpenter, Crane operator" {...text('trade')} />
        </SimpleGrid>
        <MultiSelect
          label="Crews"
          description="A jobsite can notify a whole crew at once."
          placeholder={
            values.crewIds.length === 0 ? (crewsLoading ? 'Loading crews…' : 'No crew') : undefined
          }
          data={options}
          value={values.crewIds}
          onChange={set('crewIds')}
          searchable
          clearable
          nothingFoundMessage="No crew by that name. Create crews on the Crews page."
          error={crewError}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label="Manager"
          description="Managers are told about every change on the jobsites they are on."
          name="isManager"
          checked={values.isManager}
          onChange={(e) => set('isManager')(e.currentTarget.checked)}
          error={errors.isManager}
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
