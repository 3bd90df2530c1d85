import { Badge, Button, Stack } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PLANS } from '../../../../../shared/plans';
import { effectivePlan } from '../../../../../shared/subscription';
import { ConfirmDeleteModal } from '../../../components/records/confirm-delete-modal';
import { COMMON_SORTS, ListToolbar, useListParams } from '../../../components/records/list-toolbar';
import { PageHeader } from '../../../components/records/page-header';
import { PagedList } from '../../../components/records/paged-list';
import { EmptyList, LoadingBlock, QueryError } from '../../../components/records/query-state';
import { isNotFound, RecordNotFound } from '../../../components/records/record-not-found';
import { useDeleteFlow } from '../../../components/records/use-delete-flow';
import { useCreateJobsite } from '../../../features/jobsites/api/create-jobsite';
import { useDeleteJobsite } from '../../../features/jobsites/api/delete-jobsite';
import { useJobsite } from '../../../features/jobsites/api/get-jobsite';
import { useAllJobsites, useJobsites } from '../../../features/jobsites/api/get-jobsites';
import { useUpdateJobsite } from '../../../features/jobsites/api/update-jobsite';
import { JobsiteDetails } from '../../../features/jobsites/components/jobsite-details';
import { JobsiteForm } from '../../../features/jobsites/components/jobsite-form';
import { JobsitesPlot } from '../../../features/jobsites/components/jobsites-plot';
import { JobsitesTable } from '../../../features/jobsites/components/jobsites-table';
import { WeatherLedger } from '../../../features/jobsites/components/weather-ledger';
import { toast } from '../../../lib/toast';
import { useJobsiteFormData } from './jobsite-options';

/** /jobsites (Premium and Enterprise): where the jobsites are, and the searchable list. */
export function JobsitesPage() {
  const list = useListParams(COMMON_SORTS);
  const jobsites = useJobsites({ q: list.q, sort: list.sort });
  const all = useAllJobsites();
  const data = useJobsiteFormData();
  const plan = data.me.data ? PLANS[effectivePlan(data.me.data.subscription)] : null;
  const max = plan?.features.maxJobsites;
  const clientName = (id: string) => data.clients.find((c) => c.id === id)?.name ?? null;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Jobsites"
        description={
          plan && all.data
            ? `${all.data.length} of ${max === null ? 'unlimited' : max} jobsites on the ${plan.name} plan.`
            : 'Each jobsite has a location, working hours, the weather rules that stop work there, and who is told.'
        }
        actions={
          <Button component={Link} to="/jobsites/new">
            Add jobsite
          </Button>
        }
      />
      {all.data && all.data.length > 0 ? <JobsitesPlot jobsites={all.data} /> : null}
      <ListToolbar
        searchLabel="Search jobsites"
        placeholder="Name or address"
        input={list.input}
        onInput={list.setInput}
        sort={list.sort}
        onSort={list.setSort}
        sorts={COMMON_SORTS}
      />
      <PagedList
        query={jobsites}
        noun="jobsites"
        search={list.q}
        empty={
          <EmptyList
            title="No jobsites yet"
            description="Add a jobsite with its coordinates, working hours and weather rules; Raincheck checks its forecast and tells the people you choose."
            action={
              <Button component={Link} to="/jobsites/new">
                Add your first jobsite
              </Button>
            }
          />
        }
      >
        {(items) => <JobsitesTable jobsites={items} clientName={clientName} />}
      </PagedList>
    </Stack>
  );
}

export function NewJobsitePage() {
  const navigate = useNavigate();
  const create = useCreateJobsite();
  const data = useJobsiteFormData();
  if (!data.ready) return <LoadingBlock label="Loading the form" rows={6} height={50} />;
  return (
    <Stack gap="lg">
      <PageHeader title="New jobsite" back={{ to: '/jobsites', label: 'Jobsites' }} />
      <JobsiteForm
        units={data.units}
        defaultNoticeTimes={data.noticeDefaults}
        clientOptions={data.clientOptions}
        workerOptions={data.workerOptions}
        crewOptions={data.crewOptions}
        submitLabel="Create jobsite"
        onSubmit={(input) => create.mutateAsync(input)}
        onSaved={(site) => void navigate(`/jobsites/${site.id}`)}
        onCancel={() => void navigate('/jobsites')}
      />
    </Stack>
  );
}

/** /jobsites/{id}: the jobsite as stored; "Edit" (or `?edit`) turns the page into its form. */
export function JobsitePage() {
  const id = useParams().jobsiteId ?? '';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const editing = params.has('edit');
  const setEditing = (on: boolean) => setParams(on ? { edit: '' } : {}, { replace: false });
  const jobsite = useJobsite(id);
  const data = useJobsiteFormData();
  const update = useUpdateJobsite();
  const remove = useDeleteJobsite();
  const deletion = useDeleteFlow(
    () => remove.mutateAsync(id),
    () => {
      toast.success(`${jobsite.data?.name ?? 'The jobsite'} has been deleted.`);
      void navigate('/jobsites');
    },
  );

  if (jobsite.isPending || !data.ready)
    return <LoadingBlock label="Loading the jobsite" rows={4} height={60} />;
  if (jobsite.isError) {
    if (isNotFound(jobsite.error))
      return <RecordNotFound kind="jobsite" list="/jobsites" listLabel="See all jobsites" />;
    return (
      <QueryError
        title="Could not load this jobsite"
        error={jobsite.error}
        onRetry={() => void jobsite.refetch()}
      />
    );
  }
  const site = jobsite.data;
  const pick = (list: { id: string; name: string }[], ids: string[]) =>
    ids.map((x) => list.find((n) => n.id === x) ?? { id: x, name: 'Unknown' });

  if (editing) {
    return (
      <Stack gap="lg">
        <PageHeader title={`Edit ${site.name}`} back={{ to: `/jobsites/${id}`, label: site.name }} />
        <JobsiteForm
          key={site.updatedAt}
          jobsite={site}
          units={data.units}
          clientOptions={data.clientOptions}
          workerOptions={data.workerOptions}
          crewOptions={data.crewOptions}
          submitLabel="Save changes"
          onSubmit={(input) => update.mutateAsync({ id, input })}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader
        title={site.name}
        back={{ to: '/jobsites', label: 'Jobsites' }}
        badge={
          <Badge variant="light" color={site.active ? 'green' : 'gray'} size="lg">
            {site.active ? 'Active' : 'Paused'}
          </Badge>
        }
        actions={
          <>
            <Button onClick={() => setEditing(true)}>Edit</Button>
            <Button variant="outline" color="red" onClick={deletion.open}>
              Delete
            </Button>
          </>
        }
      />
      <JobsiteDetails
        jobsite={site}
        units={data.units}
        client={site.clientId ? (pick(data.clients, [site.clientId])[0] ?? null) : null}
        workers={pick(data.workers, site.recipients.workerIds)}
        crews={pick(data.crews, site.recipients.crewIds)}
      />
      <WeatherLedger
        jobsiteId={site.id}
        evidenceHref={(date) => `/jobsites/${encodeURIComponent(site.id)}/ledger/${date}`}
      />
      <ConfirmDeleteModal
        opened={deletion.opened}
        title={`Delete ${site.name}?`}
        error={deletion.error}
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.close}
      >
        The jobsite stops being checked and nobody is notified about it any more.
      </ConfirmDeleteModal>
    </Stack>
  );
}
