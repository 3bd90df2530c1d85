import { Button, Card, Modal, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatUsd } from '../../../../../shared/plans';
import type { Crew } from '../../../../../shared/records/crew';
import { errorMessage } from '../../../components/error-screen';
import { ConfirmDeleteModal } from '../../../components/records/confirm-delete-modal';
import { Fact, recordNameLink } from '../../../components/records/fact';
import { RecordPage } from '../../../components/records/record-page';
import { EmptyList } from '../../../components/records/query-state';
import { RecordList } from '../../../components/records/record-list';
import { ViewRecordScreen } from '../../../components/records/record-screen';
import type { RecordColumn } from '../../../components/records/record-table';
import { crewRecords } from '../../../features/crews/api/crews-api';
import { CrewForm } from '../../../features/crews/components/crew-form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { toast } from '../../../lib/toast';
import { CrewMembers } from './crew-members';
import { RelatedJobsites } from './related-jobsites';

function RenameCrewModal({
  crew,
  onClose,
  verb = 'Rename',
}: {
  crew: Crew | null;
  onClose: () => void;
  /** The crew's page edits more than the name (the hourly rate): it says "Edit". */
  verb?: 'Rename' | 'Edit';
}) {
  const update = crewRecords.useUpdate();
  return (
    <Modal
      opened={!!crew}
      onClose={onClose}
      title={crew ? `${verb} ${crew.name}` : `${verb} crew`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {crew ? (
        <CrewForm
          key={crew.id}
          crew={crew}
          submitLabel="Save"
          onSubmit={(input) => update.mutateAsync({ id: crew.id, input })}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}

function DeleteCrewModal({
  crew,
  onClose,
  onDeleted,
}: {
  crew: Crew | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = crewRecords.useDelete();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={!!crew}
      title={`Delete ${crew?.name ?? 'crew'}?`}
      error={error}
      busy={remove.isPending}
      onClose={close}
      onConfirm={() =>
        crew &&
        remove.mutate(crew.id, {
          onSuccess: () => {
            toast.success(`Crew ${crew.name} has been deleted.`);
            close();
            onDeleted?.();
          },
          onError: (err) => setError(errorMessage(err)),
        })
      }
    >
      The crew is removed. A crew that still has workers, or that a jobsite notifies, cannot be deleted: take
      them out of it first.
    </ConfirmDeleteModal>
  );
}

/** A crew row's Rename or Delete, named with the crew for screen readers. */
function RowButton({
  verb,
  crew,
  onClick,
  color,
}: {
  verb: 'Rename' | 'Delete';
  crew: Crew;
  onClick: (crew: Crew) => void;
  color?: string;
}) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color={color}
      onClick={() => onClick(crew)}
      aria-label={`${verb} ${crew.name}`}
    >
      {verb}
    </Button>
  );
}

const members = (n: number) => (n === 1 ? '1 worker' : `${n} workers`);

const TITLE: RecordColumn<Crew> = {
  header: 'Crew',
  cell: (crew) => recordNameLink(crew, '/crews'),
};

const COLUMNS: RecordColumn<Crew>[] = [
  { header: 'Members', cell: (crew) => members(crew.workerIds.length), nowrap: true },
  { header: 'Notes', cell: (crew) => crew.notes, visibleFrom: 'md' },
];

/** /crews: add a crew by name, rename or delete in the list. */
export function CrewsPage() {
  const create = crewRecords.useCreate();
  const [renaming, setRenaming] = useState<Crew | null>(null);
  const [deleting, setDeleting] = useState<Crew | null>(null);
  return (
    <RecordPage
      title="Crews"
      description="Teams of workers. A jobsite can notify a whole crew; a worker can be in several crews."
    >
      <Card withBorder padding="md" component="section" aria-label="Add a crew">
        <CrewForm
          compact
          submitLabel="Add crew"
          onSubmit={(input) => create.mutateAsync({ input, idempotencyKey: newIdempotencyKey() })}
          onSaved={() => undefined}
        />
      </Card>
      <RecordList
        useRecords={crewRecords.useList}
        noun="crews"
        placeholder="Crew name"
        title={TITLE}
        columns={COLUMNS}
        actions={(crew) => (
          <>
            <RowButton verb="Rename" crew={crew} onClick={setRenaming} />
            <RowButton verb="Delete" crew={crew} onClick={setDeleting} color="red" />
          </>
        )}
        empty={
          <EmptyList
            title="No crews yet"
            description="Name your first crew above, then add workers to it from their page or with a CSV import."
          />
        }
      />
      <RenameCrewModal crew={renaming} onClose={() => setRenaming(null)} />
      <DeleteCrewModal crew={deleting} onClose={() => setDeleting(null)} />
    </RecordPage>
  );
}

/** /crews/{id}: the crew's members (add and remove), the jobsites that notify it, rename and delete. */
export function CrewPage() {
  const id = useParams().crewId ?? '';
  const navigate = useNavigate();
  const crew = crewRecords.useOne(id);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <ViewRecordScreen
      query={crew}
      kind="crew"
      list="/crews"
      listLabel="Crews"
      edit={() => setRenaming(true)}
      onDelete={() => setDeleting(true)}
    >
      {(c) => (
        <>
          {c.notes ? <Fact label="Notes" value={c.notes} /> : null}
          <Fact
            label="Hourly rate per worker"
            value={
              c.hourlyRateCents === null
                ? 'Not entered: Edit to add it (analytics prices delays with it)'
                : formatUsd(c.hourlyRateCents)
            }
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <CrewMembers crew={c} />
            <RelatedJobsites
              title="Jobsites that notify this crew"
              of="the crew's"
              which={(site) => site.recipients.crewIds.includes(id)}
              emptyText="No jobsite notifies this crew yet."
            />
          </SimpleGrid>
          <RenameCrewModal verb="Edit" crew={renaming ? c : null} onClose={() => setRenaming(false)} />
          <DeleteCrewModal
            crew={deleting ? c : null}
            onClose={() => setDeleting(false)}
            onDeleted={() => void navigate('/crews')}
          />
        </>
      )}
    </ViewRecordScreen>
  );
}
