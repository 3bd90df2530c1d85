import { Button, Card, Stack, Title } from '@mantine/core';
import { useNavigate, useParams, Link } from 'react-router-dom';
import { ConfirmDeleteModal } from '../../../components/records/confirm-delete-modal';
import { COMMON_SORTS, ListToolbar, useListParams } from '../../../components/records/list-toolbar';
import { PageHeader } from '../../../components/records/page-header';
import { PagedList } from '../../../components/records/paged-list';
import { EmptyList, LoadingBlock, QueryError } from '../../../components/records/query-state';
import { isNotFound, RecordNotFound } from '../../../components/records/record-not-found';
import { useDeleteFlow } from '../../../components/records/use-delete-flow';
import { useCreateClient } from '../../../features/clients/api/create-client';
import { useDeleteClient } from '../../../features/clients/api/delete-client';
import { useClient } from '../../../features/clients/api/get-client';
import { useClients } from '../../../features/clients/api/get-clients';
import { useUpdateClient } from '../../../features/clients/api/update-client';
import { ClientDetails } from '../../../features/clients/components/client-details';
import { ClientForm } from '../../../features/clients/components/client-form';
import { ClientsTable } from '../../../features/clients/components/clients-table';
import { useAllJobsites } from '../../../features/jobsites/api/get-jobsites';
import { JobsiteLinks } from '../../../features/jobsites/components/jobsite-links';
import { toast } from '../../../lib/toast';
import { useJobsiteHref } from './jobsite-href';

/** /clients: search, sort and page through the account's clients. */
export function ClientsPage() {
  const list = useListParams(COMMON_SORTS);
  const clients = useClients({ q: list.q, sort: list.sort });
  return (
    <Stack gap="lg">
      <PageHeader
        title="Clients"
        description="The owners and general contractors you build for. Each client groups its jobsites."
        actions={
          <Button component={Link} to="/clients/new">
            Add client
          </Button>
        }
      />
      <ListToolbar
        searchLabel="Search clients"
        placeholder="Company, contact, email or phone"
        input={list.input}
        onInput={list.setInput}
        sort={list.sort}
        onSort={list.setSort}
        sorts={COMMON_SORTS}
      />
      <PagedList
        query={clients}
        noun="clients"
        search={list.q}
        empty={
          <EmptyList
            title="No clients yet"
            description="Add the companies you build for, then link their jobsites to them so delay notices and weather days can be reported per contract."
            action={
              <Button component={Link} to="/clients/new">
                Add your first client
              </Button>
            }
          />
        }
      >
        {(items) => <ClientsTable clients={items} />}
      </PagedList>
    </Stack>
  );
}

export function NewClientPage() {
  const navigate = useNavigate();
  const create = useCreateClient();
  return (
    <Stack gap="lg">
      <PageHeader title="New client" back={{ to: '/clients', label: 'Clients' }} />
      <ClientForm
        submitLabel="Create client"
        onSubmit={(input) => create.mutateAsync(input)}
        onSaved={(client) => void navigate(`/clients/${client.id}`)}
        onCancel={() => void navigate('/clients')}
      />
    </Stack>
  );
}

function useClientId(): string {
  return useParams().clientId ?? '';
}

/** /clients/{id}: details, the client's jobsites, edit and delete. */
export function ClientPage() {
  const id = useClientId();
  const navigate = useNavigate();
  const client = useClient(id);
  const jobsites = useAllJobsites();
  const hrefOf = useJobsiteHref();
  const remove = useDeleteClient();
  const deletion = useDeleteFlow(
    () => remove.mutateAsync(id),
    () => {
      toast.success(`${client.data?.name ?? 'The client'} has been deleted.`);
      void navigate('/clients');
    },
  );

  if (client.isPending) return <LoadingBlock label="Loading the client" rows={3} height={60} />;
  if (client.isError) {
    if (isNotFound(client.error))
      return <RecordNotFound kind="client" list="/clients" listLabel="See all clients" />;
    return (
      <QueryError
        title="Could not load this client"
        error={client.error}
        onRetry={() => void client.refetch()}
      />
    );
  }
  const theirs = jobsites.data?.filter((site) => site.clientId === id) ?? [];
  return (
    <Stack gap="lg">
      <PageHeader
        title={client.data.name}
        back={{ to: '/clients', label: 'Clients' }}
        actions={
          <>
            <Button component={Link} to={`/clients/${id}/edit`}>
              Edit
            </Button>
            <Button variant="outline" color="red" onClick={deletion.open}>
              Delete
            </Button>
          </>
        }
      />
      <ClientDetails client={client.data} />
      <Card withBorder padding="lg" component="section" aria-labelledby="client-jobsites-title">
        <Title order={2} size="h4" id="client-jobsites-title" mb="sm">
          Jobsites
        </Title>
        {jobsites.isPending ? (
          <LoadingBlock label="Loading the client's jobsites" rows={2} />
        ) : jobsites.isError ? (
          <QueryError
            title="Could not load the jobsites"
            error={jobsites.error}
            onRetry={() => void jobsites.refetch()}
          />
        ) : (
          <JobsiteLinks
            jobsites={theirs}
            hrefOf={hrefOf}
            emptyText="No jobsite is linked to this client yet. Choose the client on a jobsite's form."
          />
        )}
      </Card>
      <ConfirmDeleteModal
        opened={deletion.opened}
        title={`Delete ${client.data.name}?`}
        error={deletion.error}
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.close}
      >
        The client and its details are removed. A client that jobsites still use cannot be deleted: change
        those jobsites first.
      </ConfirmDeleteModal>
    </Stack>
  );
}

/** /clients/{id}/edit */
export function EditClientPage() {
  const id = useClientId();
  const navigate = useNavigate();
  const client = useClient(id);
  const update = useUpdateClient();
  if (client.isPending) return <LoadingBlock label="Loading the client" rows={5} height={50} />;
  if (client.isError) {
    if (isNotFound(client.error))
      return <RecordNotFound kind="client" list="/clients" listLabel="See all clients" />;
    return (
      <QueryError
        title="Could not load this client"
        error={client.error}
        onRetry={() => void client.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Edit ${client.data.name}`}
        back={{ to: `/clients/${id}`, label: client.data.name }}
      />
      <ClientForm
        client={client.data}
        submitLabel="Save changes"
        onSubmit={(input) => update.mutateAsync({ id, input })}
        onSaved={() => void navigate(`/clients/${id}`)}
        onCancel={() => void navigate(`/clients/${id}`)}
      />
    </Stack>
  );
}
