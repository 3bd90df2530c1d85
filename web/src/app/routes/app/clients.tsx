import { Badge, Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { Client } from '../../../../../shared/records/client';
import { DeleteFlowModal } from '../../../components/records/confirm-delete-modal';
import { EmptyList } from '../../../components/records/query-state';
import { RecordList } from '../../../components/records/record-list';
import { RecordPage } from '../../../components/records/record-page';
import { EditRecordScreen, ViewRecordScreen } from '../../../components/records/record-screen';
import type { RecordColumn } from '../../../components/records/record-table';
import { useDeleteAndLeave } from '../../../components/records/use-delete-flow';
import { useCreateRecordForm, useUpdateRecordForm } from '../../../components/records/use-record-pages';
import { clientRecords } from '../../../features/clients/api/clients-api';
import { ClientDetails } from '../../../features/clients/components/client-details';
import { ClientForm } from '../../../features/clients/components/client-form';
import { RelatedJobsites } from './related-jobsites';
import { recordNameLink } from '../../../components/records/fact';

const TITLE: RecordColumn<Client> = {
  header: 'Company',
  cell: (client) => (
    <>
      {recordNameLink(client, '/clients')}
      {client.notifyNoWork ? (
        <Badge ml="xs" size="xs" variant="light" color="gray">
          Notified
        </Badge>
      ) : null}
    </>
  ),
};

const COLUMNS: RecordColumn<Client>[] = [
  { header: 'Contact', cell: (c) => c.contactName },
  { header: 'Email', cell: (c) => c.email },
  { header: 'Phone', cell: (c) => c.phone, visibleFrom: 'md', nowrap: true },
];

const addButton = (label: string) => (
  <Button component={Link} to="/clients/new">
    {label}
  </Button>
);

/** /clients: search, sort and page through the account's clients. */
export function ClientsPage() {
  return (
    <RecordPage
      title="Clients"
      description="The owners and general contractors you build for. Each client groups its jobsites."
      actions={addButton('Add client')}
    >
      <RecordList
        useRecords={clientRecords.useList}
        noun="clients"
        placeholder="Company, contact, email or phone"
        title={TITLE}
        columns={COLUMNS}
        empty={
          <EmptyList
            title="No clients yet"
            description="Add the companies you build for, then link their jobsites to them so delay notices and weather days can be reported per contract."
            action={addButton('Add your first client')}
          />
        }
      />
    </RecordPage>
  );
}

export function NewClientPage() {
  const saving = useCreateRecordForm(clientRecords, '/clients');
  return (
    <RecordPage title="New client" back={{ to: '/clients', label: 'Clients' }}>
      <ClientForm submitLabel="Create client" {...saving} />
    </RecordPage>
  );
}

const useClientId = () => useParams().clientId ?? '';

/** /clients/{id}: details, the client's jobsites, edit and delete. */
export function ClientPage() {
  const id = useClientId();
  const client = clientRecords.useOne(id);
  const deletion = useDeleteAndLeave(
    clientRecords.useDelete(),
    id,
    client.data?.name ?? 'The client',
    '/clients',
  );
  return (
    <ViewRecordScreen
      query={client}
      kind="client"
      list="/clients"
      listLabel="Clients"
      edit={`/clients/${id}/edit`}
      onDelete={deletion.open}
    >
      {(c) => (
        <>
          <ClientDetails client={c} />
          <RelatedJobsites
            of="the client's"
            which={(site) => site.clientId === id}
            emptyText="No jobsite is linked to this client yet. Choose the client on a jobsite's form."
          />
          <DeleteFlowModal flow={deletion} title={`Delete ${c.name}?`}>
            The client and its details are removed. A client that jobsites still use cannot be deleted: change
            those jobsites first.
          </DeleteFlowModal>
        </>
      )}
    </ViewRecordScreen>
  );
}

/** /clients/{id}/edit */
export function EditClientPage() {
  const id = useClientId();
  const saving = useUpdateRecordForm(clientRecords, id, `/clients/${id}`);
  return (
    <EditRecordScreen
      query={clientRecords.useOne(id)}
      kind="client"
      list="/clients"
      recordPath={`/clients/${id}`}
    >
      {(c) => <ClientForm client={c} submitLabel="Save changes" {...saving} />}
    </EditRecordScreen>
  );
}
