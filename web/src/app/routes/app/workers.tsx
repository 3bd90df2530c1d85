import { Button, Card, Modal, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDeleteModal } from '../../../components/records/confirm-delete-modal';
import {
  COMMON_SORTS,
  ListToolbar,
  useListParams,
  type SortOption,
} from '../../../components/records/list-toolbar';
import { PageHeader } from '../../../components/records/page-header';
import { PagedList } from '../../../components/records/paged-list';
import { EmptyList, LoadingBlock, QueryError } from '../../../components/records/query-state';
import { isNotFound, RecordNotFound } from '../../../components/records/record-not-found';
import { useDeleteFlow } from '../../../components/records/use-delete-flow';
import { errorMessage } from '../../../components/error-screen';
import { useAllCrews } from '../../../features/crews/api/get-crews';
import { useAllJobsites } from '../../../features/jobsites/api/get-jobsites';
import { JobsiteLinks } from '../../../features/jobsites/components/jobsite-links';
import { useCreateWorker } from '../../../features/workers/api/create-worker';
import { useDeleteWorker } from '../../../features/workers/api/delete-worker';
import { useExportWorkers } from '../../../features/workers/api/export-workers';
import { useWorker } from '../../../features/workers/api/get-worker';
import { useWorkers } from '../../../features/workers/api/get-workers';
import { useUpdateWorker } from '../../../features/workers/api/update-worker';
import { WorkerDetails } from '../../../features/workers/components/worker-details';
import { WorkerForm } from '../../../features/workers/components/worker-form';
import { WorkerImport } from '../../../features/workers/components/worker-import';
import { WorkersTable } from '../../../features/workers/components/workers-table';
import { toast } from '../../../lib/toast';
import { useJobsiteHref } from './jobsite-href';

const WORKER_SORTS: SortOption[] = [
  ...COMMON_SORTS.slice(0, 2),
  { value: 'email', label: 'Email, A to Z' },
  ...COMMON_SORTS.slice(2),
];

function useCrewLookup() {
  const crews = useAllCrews();
  const byId = new Map((crews.data ?? []).map((c) => [c.id, c]));
  return {
    crews,
    options: (crews.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    name: (id: string) => byId.get(id)?.name ?? null,
  };
}

/** /workers: search, sort, import and export the account's workers. */
export function WorkersPage() {
  const list = useListParams(WORKER_SORTS);
  const workers = useWorkers({ q: list.q, sort: list.sort });
  const crews = useCrewLookup();
  const exporting = useExportWorkers();
  const [importOpen, setImportOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');

  const exportCsv = () =>
    exporting.mutate(undefined, {
      onSuccess: () => toast.success('Your workers were saved as a CSV file.'),
      onError: (error) => toast.error(errorMessage(error), 'Export failed'),
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Workers"
        description="Workers and managers get the delay notices, updates and all-clears of the jobsites they are on."
        actions={
          <>
            <Button component={Link} to="/workers/new">
              Add worker
            </Button>
            <Button variant="default" onClick={() => setImportOpen(true)}>
              Import CSV
            </Button>
            <Button variant="default" onClick={exportCsv} loading={exporting.isPending}>
              Export CSV
            </Button>
          </>
        }
      />
      <ListToolbar
        searchLabel="Search workers"
        placeholder="Name, email, phone or trade"
        input={list.input}
        onInput={list.setInput}
        sort={list.sort}
        onSort={list.setSort}
        sorts={WORKER_SORTS}
      />
      <PagedList
        query={workers}
        noun="workers"
        search={list.q}
        empty={
          <EmptyList
            title="No workers yet"
            description="Add the people who need to know when weather stops work, one at a time or from a spreadsheet (CSV)."
            action={
              <>
                <Button component={Link} to="/workers/new">
                  Add your first worker
                </Button>
                <Button variant="default" onClick={() => setImportOpen(true)}>
                  Import a CSV file
                </Button>
              </>
            }
          />
        }
      >
        {(items) => <WorkersTable workers={items} crewName={crews.name} />}
      </PagedList>
      <Modal
        opened={importOpen}
        onClose={() => setImportOpen(false)}
        title="Import workers from a CSV file"
        size="72rem"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <WorkerImport
          existingCrewNames={(crews.crews.data ?? []).map((c) => c.name)}
          onImported={() => setImportOpen(false)}
        />
      </Modal>
    </Stack>
  );
}

export function NewWorkerPage() {
  const navigate = useNavigate();
  const create = useCreateWorker();
  const crews = useCrewLookup();
  return (
    <Stack gap="lg">
      <PageHeader title="New worker" back={{ to: '/workers', label: 'Workers' }} />
      <WorkerForm
        crewOptions={crews.options}
        crewsLoading={crews.crews.isPending}
        submitLabel="Create worker"
        onSubmit={(input) => create.mutateAsync(input)}
        onSaved={(worker) => void navigate(`/workers/${worker.id}`)}
        onCancel={() => void navigate('/workers')}
      />
    </Stack>
  );
}

const useWorkerId = () => useParams().workerId ?? '';

/** /workers/{id}: details, crews, the jobsites they are on (directly or through a crew). */
export function WorkerPage() {
  const id = useWorkerId();
  const navigate = useNavigate();
  const worker = useWorker(id);
  const crews = useCrewLookup();
  const jobsites = useAllJobsites();
  const hrefOf = useJobsiteHref();
  const remove = useDeleteWorker();
  const deletion = useDeleteFlow(
    () => remove.mutateAsync(id),
    () => {
      toast.success(`${worker.data?.name ?? 'The worker'} has been deleted.`);
      void navigate('/workers');
    },
  );

  if (worker.isPending) return <LoadingBlock label="Loading the worker" rows={3} height={60} />;
  if (worker.isError) {
    if (isNotFound(worker.error))
      return <RecordNotFound kind="worker" list="/workers" listLabel="See all workers" />;
    return (
      <QueryError
        title="Could not load this worker"
        error={worker.error}
        onRetry={() => void worker.refetch()}
      />
    );
  }
  const w = worker.data;
  const theirCrews = w.crewIds.map((cid) => ({ id: cid, name: crews.name(cid) ?? '…' }));
  const onSites = (jobsites.data ?? []).filter(
    (site) =>
      site.recipients.workerIds.includes(w.id) ||
      site.recipients.crewIds.some((cid) => w.crewIds.includes(cid)),
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title={w.name}
        back={{ to: '/workers', label: 'Workers' }}
        actions={
          <>
            <Button component={Link} to={`/workers/${id}/edit`}>
              Edit
            </Button>
            <Button variant="outline" color="red" onClick={deletion.open}>
              Delete
            </Button>
          </>
        }
      />
      <WorkerDetails worker={w} crews={theirCrews} />
      <Card withBorder padding="lg" component="section" aria-labelledby="worker-jobsites-title">
        <Title order={2} size="h4" id="worker-jobsites-title" mb="sm">
          Jobsites
        </Title>
        {jobsites.isPending ? (
          <LoadingBlock label="Loading the worker's jobsites" rows={2} />
        ) : jobsites.isError ? (
          <QueryError
            title="Could not load the jobsites"
            error={jobsites.error}
            onRetry={() => void jobsites.refetch()}
          />
        ) : (
          <JobsiteLinks
            jobsites={onSites}
            hrefOf={hrefOf}
            emptyText="Not on any jobsite yet. Choose this worker, or one of their crews, under a jobsite's recipients."
          />
        )}
      </Card>
      <ConfirmDeleteModal
        opened={deletion.opened}
        title={`Delete ${w.name}?`}
        error={deletion.error}
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.close}
      >
        {w.name} stops getting notices and is taken off the recipients of every jobsite.
      </ConfirmDeleteModal>
    </Stack>
  );
}

/** /workers/{id}/edit */
export function EditWorkerPage() {
  const id = useWorkerId();
  const navigate = useNavigate();
  const worker = useWorker(id);
  const crews = useCrewLookup();
  const update = useUpdateWorker();
  if (worker.isPending) return <LoadingBlock label="Loading the worker" rows={5} height={50} />;
  if (worker.isError) {
    if (isNotFound(worker.error))
      return <RecordNotFound kind="worker" list="/workers" listLabel="See all workers" />;
    return (
      <QueryError
        title="Could not load this worker"
        error={worker.error}
        onRetry={() => void worker.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Edit ${worker.data.name}`}
        back={{ to: `/workers/${id}`, label: worker.data.name }}
      />
      <WorkerForm
        worker={worker.data}
        crewOptions={crews.options}
        crewsLoading={crews.crews.isPending}
        submitLabel="Save changes"
        onSubmit={(input) => update.mutateAsync({ id, input })}
        onSaved={() => void navigate(`/workers/${id}`)}
        onCancel={() => void navigate(`/workers/${id}`)}
      />
    </Stack>
  );
}
