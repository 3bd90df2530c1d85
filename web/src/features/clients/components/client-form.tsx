import { Checkbox, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { clientInputSchema, type Client, type ClientFields } from '../../../../../shared/records/client';
import { RecordForm } from '../../../components/records/record-form';
import { useRecordForm, type RecordFormProps } from '../../../components/records/use-record-form';
import { checkField, textField } from '../../../lib/form-errors';

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
  ...page
}: {
  client?: Client;
} & RecordFormProps<Client, ClientFields>) {
  const form = useRecordForm({
    initial: () => initialValues(client),
    schema: clientInputSchema,
    shows,
    onSubmit: page.onSubmit,
    onSaved: page.onSaved,
    savedMessage: (saved) => `${saved.name} has been saved.`,
  });
  const text = textField(form);

  return (
    <RecordForm form={form} noun="client" editing={!!client} page={page} maw={720}>
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
        {...checkField(form)('notifyNoWork')}
      />
    </RecordForm>
  );
}
