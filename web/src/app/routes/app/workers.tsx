import { Badge, Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Worker } from '../../../../../shared/records/worker';
import { errorMessage } from '../../../components/error-screen';
import { DeleteFlowModal } from '../../../components/records/confirm-delete-modal';
import { COMMON_SORTS, type SortOption } from '../../../components/records/list-toolbar';
import { EmptyList } from '../../../components/records/query-state';
import { RecordList } from '../../../components/records/record-list';
import { RecordPage } from '../../../components/records/record-page';
import { EditRecordScreen, ViewRecordScreen } from '../../../components/records/record-screen';
import type { RecordColumn } from '../../../components/records/record-table';
import { useDeleteAndLeave } from '../../../components/records/use-delete-flow';
import { useCreateRecordForm, useUpdateRecordForm } from '../../../components/records/use-record-pages';
import { crewRecords } from '../../../features/crews/api/crews-api';
import { useExportWorkers } from '../../../features/workers/api/export-workers';
import { workerRecords } from '../../../features/workers/api/workers-api';
import { WorkerDetails } from '../../../features/workers/components/worker-details';
import { SmsConsentLog } from '../../../features/workers/components/sms-consent-log';
import { WorkerForm } from '../../../features/workers/components/worker-form';
import { WorkerImport } from '../../../features/workers/components/worker-import';
import { WorkerStatusBadge } from '../../../features/workers/components/worker-status-badge';
import { useSmsPlanLock } from './use-sms-plan-lock';
import { toast } from '../../../lib/toast';
import { RelatedJobsites } from './related-jobsites';
import { recordNameLink } from '../../../components/records/fact';

const WORKER_SORTS: SortOption[] = [
  ...COMMON_SORTS.slice(0, 2),
  { value: 'email', label: 'Email, A to Z' },
  ...COMMON_SORTS.slice(2),
];

function useCrewLookup() {
  const crews = crewRecords.useAll();
  const byId = new Map((crews.data ?? []).map((c) => [c.id, c]));
  return {
    crews,
    options: (crews.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    name: (id: string) => byId.get(id)?.name ?? null,
  };
}

const TITLE: RecordColumn<Worker> = {
  header: 'Name',
  cell: (worker) => (
    <Group gap={6} wrap="wrap">
      {recordNameLink(worker, '/workers')}
      {worker.isManager ? (
        <Badge size="xs" variant="outline">
          Manager
        </Badge>
      ) : null}
    </Group>
  ),
};

const columns = (crewName: (id: string) => string | null): RecordColumn<Worker>[] => [
  { header: 'Email', cell: (w) => w.email },
  { header: 'Trade', cell: (w) => w.trade, visibleFrom: 'md' },
  {
    header: 'Crews',
    cell: (w) => w.crewIds.map(crewName).filter(Boolean).join(', '),
    visibleFrom: 'md',
  },
  { header: 'Status', cell: (w) => <WorkerStatusBadge status={w.status} /> },
];

/** /workers: search, sort, import and export the account's workers. */
export function WorkersPage() {
  const crews = useCrewLookup();
  const exporting = useExportWorkers();
  const [importOpen, setImportOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');

  const exportCsv = () =>
    exporting.mutate(undefined, {
      onSuccess: () => toast.success('Your workers were saved as a CSV file.'),
      onError: (error) => toast.error(errorMessage(error), 'Export failed'),
    });
  const importButton = (label: string) => (
    <Button variant="default" onClick={() => setImportOpen(true)}>
      {label}
    </Button>
  );

  return (
    <RecordPage
      title="Workers"
      description="Workers and managers get the delay notices, updates and all-clears of the jobsites they are on."
      actions={
        <>
          <Button component={Link} to="/workers/new">
            Add worker
          </Button>
          {importButton('Import CSV')}
          <Button variant="default" onClick={exportCsv} loading={exporting.isPending}>
            Export CSV
          </Button>
        </>
      }
    >
      <RecordList
        useRecords={workerRecords.useList}
        noun="workers"
        placeholder="Name, email, phone or trade"
        sorts={WORKER_SORTS}
        title={TITLE}
        columns={columns(crews.name)}
        empty={
          <EmptyList
            title="No workers yet"
            description="Add the people who need to know when weather stops work, one at a time or from a spreadsheet (CSV)."
            action={
              <>
                <Button component={Link} to="/workers/new">
                  Add your first worker
                </Button>
                {importButton('Import a CSV file')}
              </>
            }
          />
        }
      />
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
    </RecordPage>
  );
}

/** The worker form's crews and SMS plan lock, the same on the new and edit pages. */
function useWorkerFormProps() {
  const crews = useCrewLookup();
  return {
    smsLockedPlan: useSmsPlanLock(),
    crewOptions: crews.options,
    crewsLoading: crews.crews.isPending,
  };
}

export function NewWorkerPage() {
  const saving = useCreateRecordForm(workerRecords, '/workers');
  const formProps = useWorkerFormProps();
  return (
    <RecordPage title="New worker" back={{ to: '/workers', label: 'Workers' }}>
      <WorkerForm {...formProps} submitLabel="Create worker" {...saving} />
    </RecordPage>
  );
}

const useWorkerId = () => useParams().workerId ?? '';

/** /workers/{id}: details, crews, the jobsites they are on (directly or through a crew). */
export function WorkerPage() {
  const id = useWorkerId();
  const worker = workerRecords.useOne(id);
  const crews = useCrewLookup();
  const deletion = useDeleteAndLeave(
    workerRecords.useDelete(),
    id,
    worker.data?.name ?? 'The worker',
    '/workers',
  );
  return (
    <ViewRecordScreen
      query={worker}
      kind="worker"
      list="/workers"
      listLabel="Workers"
      edit={`/workers/${id}/edit`}
      onDelete={deletion.open}
    >
      {(w) => (
        <>
          <WorkerDetails
            worker={w}
            crews={w.crewIds.map((cid) => ({ id: cid, name: crews.name(cid) ?? '…' }))}
          />
          <SmsConsentLog workerId={w.id} />
          <RelatedJobsites
            of="the worker's"
            which={(site) =>
              site.recipients.workerIds.includes(w.id) ||
              site.recipients.crewIds.some((cid) => w.crewIds.includes(cid))
            }
            emptyText="Not on any jobsite yet. Choose this worker, or one of their crews, under a jobsite's recipients."
          />
          <DeleteFlowModal flow={deletion} title={`Delete ${w.name}?`}>
            {w.name} stops getting notices and is taken off the recipients of every jobsite.
          </DeleteFlowModal>
        </>
      )}
    </ViewRecordScreen>
  );
}

/** /workers/{id}/edit */
export function EditWorkerPage() {
  const id = useWorkerId();
  const saving = useUpdateRecordForm(workerRecords, id, `/workers/${id}`);
  const formProps = useWorkerFormProps();
  return (
    <EditRecordScreen
      query={workerRecords.useOne(id)}
      kind="worker"
      list="/workers"
      recordPath={`/workers/${id}`}
    >
      {(w) => <WorkerForm {...formProps} worker={w} submitLabel="Save changes" {...saving} />}
    </EditRecordScreen>
  );
}
