import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Crew } from '../../../../../shared/records/crew';
import { errorMessage } from '../../../components/error-screen';
import { ConfirmDeleteModal } from '../../../components/records/confirm-delete-modal';
import { Fact } from '../../../components/records/fact';
import { COMMON_SORTS, ListToolbar, useListParams } from '../../../components/records/list-toolbar';
import { PageHeader } from '../../../components/records/page-header';
import { PagedList } from '../../../components/records/paged-list';
import { EmptyList, LoadingBlock, QueryError } from '../../../components/records/query-state';
import { isNotFound, RecordNotFound } from '../../../components/records/record-not-found';
import { useCreateCrew } from '../../../features/crews/api/create-crew';
import { useDeleteCrew } from '../../../features/crews/api/delete-crew';
import { useCrew } from '../../../features/crews/api/get-crew';
import { useCrews } from '../../../features/crews/api/get-crews';
import { useUpdateCrew } from '../../../features/crews/api/update-crew';
import { CrewForm } from '../../../features/crews/components/crew-form';
import { CrewsTable } from '../../../features/crews/components/crews-table';
import { useAllJobsites } from '../../../features/jobsites/api/get-jobsites';
import { JobsiteLinks } from '../../../features/jobsites/components/jobsite-links';
import { useAllWorkers } from '../../../features/workers/api/get-workers';
import { useUpdateWorker } from '../../../features/workers/api/update-worker';
import { WorkerStatusBadge } from '../../../features/workers/components/worker-status-badge';
import { toast } from '../../../lib/toast';
import { formatUsd } from '../../../../../shared/plans';
import { useJobsiteHref } from './jobsite-href';

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
  const update = useUpdateCrew();
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
  const remove = useDeleteCrew();
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

/** /crews: add a crew by name, rename or delete in the list. */
export function CrewsPage() {
  const list = useListParams(COMMON_SORTS);
  const crews = useCrews({ q: list.q, sort: list.sort });
  const create = useCreateCrew();
  const [renaming, setRenaming] = useState<Crew | null>(null);
  const [deleting, setDeleting] = useState<Crew | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Crews"
        description="Teams of workers. A jobsite can notify a whole crew; a worker can be in several crews."
      />
      <Card withBorder padding="md" component="section" aria-label="Add a crew">
        <CrewForm
          compact
          submitLabel="Add crew"
          onSubmit={(input) => create.mutateAsync(input)}
          onSaved={() => undefined}
        />
      </Card>
      <ListToolbar
        searchLabel="Search crews"
        placeholder="Crew name"
        input={list.input}
        onInput={list.setInput}
        sort={list.sort}
        onSort={list.setSort}
        sorts={COMMON_SORTS}
      />
      <PagedList
        query={crews}
        noun="crews"
        search={list.q}
        empty={
          <EmptyList
            title="No crews yet"
            description="Name your first crew above, then add workers to it from their page or with a CSV import."
          />
        }
      >
        {(items) => <CrewsTable crews={items} onRename={setRenaming} onDelete={setDeleting} />}
      </PagedList>
      <RenameCrewModal crew={renaming} onClose={() => setRenaming(null)} />
      <DeleteCrewModal crew={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** /crews/{id}: the crew's members (add and remove), the jobsites that notify it, rename and delete. */
export function CrewPage() {
  const id = useParams().crewId ?? '';
  const navigate = useNavigate();
  const crew = useCrew(id);
  const workers = useAllWorkers();
  const jobsites = useAllJobsites();
  const hrefOf = useJobsiteHref();
  const updateWorker = useUpdateWorker();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);

  if (crew.isPending) return <LoadingBlock label="Loading the crew" rows={3} height={60} />;
  if (crew.isError) {
    if (isNotFound(crew.error)) return <RecordNotFound kind="crew" list="/crews" listLabel="See all crews" />;
    return (
      <QueryError title="Could not load this crew" error={crew.error} onRetry={() => void crew.refetch()} />
    );
  }
  const c = crew.data;
  const all = workers.data ?? [];
  const members = all.filter((w) => w.crewIds.includes(id));
  const others = all.filter((w) => !w.crewIds.includes(id));
  const sites = (jobsites.data ?? []).filter((s) => s.recipients.crewIds.includes(id));

  const setMembership = (workerId: string, member: boolean) => {
    const w = all.find((x) => x.id === workerId);
    if (!w) return;
    const crewIds = member ? [...w.crewIds, id] : w.crewIds.filter((x) => x !== id);
    const { name, email, phone, trade, isManager } = w;
    updateWorker.mutate(
      { id: w.id, input: { name, email, phone, trade, isManager, crewIds } },
      {
        onSuccess: () => {
          toast.success(member ? `${w.name} joined ${c.name}.` : `${w.name} left ${c.name}.`);
          setAdding(null);
        },
        onError: (error) => toast.error(errorMessage(error), 'Not changed'),
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={c.name}
        back={{ to: '/crews', label: 'Crews' }}
        actions={
          <>
            <Button onClick={() => setRenaming(true)}>Edit</Button>
            <Button variant="outline" color="red" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        }
      />
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
        <Card withBorder padding="lg" component="section" aria-labelledby="crew-members-title">
          <Title order={2} size="h4" id="crew-members-title" mb="sm">
            Members ({members.length})
          </Title>
          {workers.isPending ? (
            <LoadingBlock label="Loading the members" rows={3} />
          ) : workers.isError ? (
            <QueryError
              title="Could not load the workers"
              error={workers.error}
              onRetry={() => void workers.refetch()}
            />
          ) : (
            <Stack gap="md">
              {members.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nobody is in this crew yet.
                </Text>
              ) : (
                <Table verticalSpacing="xs" aria-label="Members">
                  <Table.Tbody>
                    {members.map((w) => (
                      <Table.Tr key={w.id}>
                        <Table.Td style={{ overflowWrap: 'break-word' }}>
                          <Anchor component={Link} to={`/workers/${w.id}`} fw={600}>
                            {w.name}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {w.trade ?? w.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <WorkerStatusBadge status={w.status} />
                        </Table.Td>
                        <Table.Td ta="right">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => setMembership(w.id, false)}
                            aria-label={`Remove ${w.name} from ${c.name}`}
                          >
                            Remove
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {others.length > 0 ? (
                <Group align="flex-end" gap="sm">
                  <Select
                    label="Add a worker to this crew"
                    placeholder="Choose a worker"
                    data={others.map((w) => ({ value: w.id, label: w.name }))}
                    value={adding}
                    onChange={setAdding}
                    searchable
                    style={{ flex: '1 1 14rem' }}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <Button
                    variant="default"
                    disabled={!adding}
                    loading={updateWorker.isPending}
                    onClick={() => adding && setMembership(adding, true)}
                  >
                    Add
                  </Button>
                </Group>
              ) : null}
            </Stack>
          )}
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="crew-jobsites-title">
          <Title order={2} size="h4" id="crew-jobsites-title" mb="sm">
            Jobsites that notify this crew
          </Title>
          {jobsites.isPending ? (
            <LoadingBlock label="Loading the jobsites" rows={2} />
          ) : jobsites.isError ? (
            <QueryError
              title="Could not load the jobsites"
              error={jobsites.error}
              onRetry={() => void jobsites.refetch()}
            />
          ) : (
            <JobsiteLinks jobsites={sites} hrefOf={hrefOf} emptyText="No jobsite notifies this crew yet." />
          )}
        </Card>
      </SimpleGrid>
      <RenameCrewModal verb="Edit" crew={renaming ? c : null} onClose={() => setRenaming(false)} />
      <DeleteCrewModal
        crew={deleting ? c : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/crews')}
      />
    </Stack>
  );
}
