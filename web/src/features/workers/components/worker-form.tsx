import { Alert, Anchor, Group, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { workerInputSchema, type Worker, type WorkerFields } from '../../../../../shared/records/worker';
import { RecordMultiSelect } from '../../../components/form-fields';
import { RecordForm } from '../../../components/records/record-form';
import { useRecordForm, type RecordFormProps } from '../../../components/records/use-record-form';
import { checkField, textField } from '../../../lib/form-errors';
import { WorkerStatusBadge, workerStatusHint } from './worker-status-badge';
import { SmsStatusBadge, smsStatusHint } from './sms-status-badge';

const FIELDS = ['name', 'email', 'phone', 'trade', 'crewIds', 'isManager', 'smsOptIn'];
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
  smsLockedPlan = null,
  ...page
}: {
  worker?: Worker;
  /** The account's plan name when it has no SMS notifications: the toggle shows, locked, with the way to upgrade. */
  smsLockedPlan?: string | null;
  crewOptions: Option[];
  crewsLoading?: boolean;
} & RecordFormProps<Worker, WorkerFields>) {
  const form = useRecordForm({
    initial: () => ({
      name: worker?.name ?? '',
      email: worker?.email ?? '',
      phone: worker?.phone ?? '',
      trade: worker?.trade ?? '',
      crewIds: worker?.crewIds ?? [],
      isManager: worker?.isManager ?? false,
      smsOptIn: worker?.smsOptIn ?? false,
    }),
    schema: workerInputSchema,
    shows,
    onSubmit: page.onSubmit,
    onSaved: page.onSaved,
    savedMessage: (saved) => `${saved.name} has been saved.`,
  });
  const { values, set } = form;
  const text = textField(form);
  const check = checkField(form);
  // Locked only while off: an account that lost SMS on a downgrade can still turn a worker's texts off.
  const smsLocked = smsLockedPlan !== null && !values.smsOptIn;

  // Crews of the worker that the option list does not hold (still loading, or over 4,000 crews).
  const options = [
    ...crewOptions,
    ...values.crewIds
      .filter((id) => !crewOptions.some((o) => o.value === id))
      .map((id) => ({ value: id, label: id })),
  ];

  return (
    <RecordForm form={form} noun="worker" editing={!!worker} page={page} maw={720}>
      {worker ? (
        <Alert color="gray" variant="light" title="Notification status">
          <Group gap="sm">
            <WorkerStatusBadge status={worker.status} />
            <Text size="sm">
              {workerStatusHint(worker.status)}. Set by the email system; it cannot be edited.
            </Text>
          </Group>
          {worker.sms ? (
            <Group gap="sm" mt="xs">
              <SmsStatusBadge status={worker.sms.status} />
              <Text size="sm">{smsStatusHint(worker.sms.status)}.</Text>
            </Group>
          ) : null}
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
        <TextInput
          label="Mobile phone"
          type="tel"
          autoComplete="tel"
          placeholder="+1 206 555 0100"
          description="For delay texts; any common format."
          {...text('phone')}
        />
        <TextInput label="Trade or role" placeholder="e.g. Carpenter, Crane operator" {...text('trade')} />
      </SimpleGrid>
      <RecordMultiSelect
        label="Crews"
        description="A jobsite can notify a whole crew at once."
        placeholder={values.crewIds.length === 0 ? (crewsLoading ? 'Loading crews…' : 'No crew') : undefined}
        data={options}
        value={values.crewIds}
        onChange={set('crewIds')}
        nothingFoundMessage="No crew by that name. Create crews on the Crews page."
        error={form.err('crewIds')}
      />
      <Switch
        label="Manager"
        description="Managers are told about every change on the jobsites they are on."
        {...check('isManager')}
      />
      <Switch
        label="SMS notifications"
        description={
          smsLocked ? (
            <>
              Texts are not included on your {smsLockedPlan} plan.{' '}
              <Anchor component={Link} to="/subscription" size="xs" underline="always">
                Upgrade to Premium or Enterprise
              </Anchor>{' '}
              to text delay notices to crews who opt in.
            </>
          ) : (
            'Premium and Enterprise. The worker gets one text asking them to reply YES; delay texts start only after they do, and STOP ends them.'
          )
        }
        {...check('smsOptIn')}
        disabled={smsLocked}
      />
    </RecordForm>
  );
}
