import { Badge, Button, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PLANS } from '../../../../../shared/plans';
import type { Jobsite } from '../../../../../shared/records/jobsite';
import { effectivePlan } from '../../../../../shared/subscription';
import { DeleteFlowModal } from '../../../components/records/confirm-delete-modal';
import { RecordPage } from '../../../components/records/record-page';
import { EmptyList, LoadingBlock } from '../../../components/records/query-state';
import { RecordList } from '../../../components/records/record-list';
import { RecordActions, RecordScreen } from '../../../components/records/record-screen';
import type { RecordColumn } from '../../../components/records/record-table';
import { useDeleteAndLeave } from '../../../components/records/use-delete-flow';
import { useCreateRecordForm } from '../../../components/records/use-record-pages';
import { jobsiteRecords } from '../../../features/jobsites/api/jobsites-api';
import { JobsiteDetails } from '../../../features/jobsites/components/jobsite-details';
import { JobsiteForm } from '../../../features/jobsites/components/jobsite-form';
import { useWeatherOutlookAll } from '../../../features/weather/api/get-weather';
import { WeatherLedger } from '../../../features/jobsites/components/weather-ledger';
import { useJobsiteFormData } from './jobsite-options';
import { todayAtJobsites, type TodayAtJobsite } from './jobsite-pins';
import { JobsitesMapArea } from './jobsites-map-area';
import { JobsiteConfirmationsSection } from './jobsite-confirmations-section';
import { JobsiteChannelsSection } from './jobsite-channels-section';
import { recordNameLink } from '../../../components/records/fact';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const statusBadge = (site: Jobsite, size?: 'lg') => (
  <Badge variant="light" color={site.active ? 'green' : 'gray'} size={size}>
    {site.active ? 'Active' : 'Paused'}
  </Badge>
);

const TITLE: RecordColumn<Jobsite> = {
  header: 'Jobsite',
  cell: (site) => (
    <>
      {recordNameLink(site, '/jobsites')}
      <Text size="xs" c="dimmed" lineClamp={1}>
        {site.address ?? `${site.latitude.toFixed(4)}, ${site.longitude.toFixed(4)}`}
      </Text>
    </>
  ),
};

const columns = (
  clientName: (id: string) => string | null,
  today: Map<string, TodayAtJobsite>,
): RecordColumn<Jobsite>[] => [
  { header: 'Client', cell: (site) => (site.clientId ? clientName(site.clientId) : null) },
  { header: 'Today', cell: (site) => today.get(site.id)?.label.replace(/^Today: /, '') ?? null },
  { header: 'Timezone', cell: (site) => site.timezone, visibleFrom: 'md' },
  {
    header: 'Rules',
    cell: (site) => count(site.rules.length, 'rule', 'rules'),
    visibleFrom: 'md',
    nowrap: true,
  },
  { header: 'Status', cell: (site) => statusBadge(site) },
];

const addButton = (label: string) => (
  <Button component={Link} to="/jobsites/new">
    {label}
  </Button>
);

/** /jobsites (Premium and Enterprise): where the jobsites are, and the searchable list. */
export function JobsitesPage() {
  const all = jobsiteRecords.useAll();
  const data = useJobsiteFormData();
  const plan = data.me.data ? PLANS[effectivePlan(data.me.data.subscription)] : null;
  const max = plan?.features.maxJobsites;
  const clientName = (id: string) => data.clients.find((c) => c.id === id)?.name ?? null;
  const outlook = useWeatherOutlookAll(2);
  const today = useMemo(() => todayAtJobsites(all.data ?? [], outlook.data), [all.data, outlook.data]);
  return (
    <RecordPage
      title="Jobsites"
      description={
        plan && all.data
          ? `${all.data.length} of ${max === null ? 'unlimited' : max} jobsites on the ${plan.name} plan.`
          : 'Each jobsite has a location, working hours, the weather rules that stop work there, and who is told.'
      }
      actions={addButton('Add jobsite')}
    >
      {all.data && all.data.length > 0 && !outlook.isPending ? (
        <JobsitesMapArea jobsites={all.data} today={today} />
      ) : null}
      <RecordList
        useRecords={jobsiteRecords.useList}
        noun="jobsites"
        placeholder="Name or address"
        title={TITLE}
        columns={columns(clientName, today)}
        empty={
          <EmptyList
            title="No jobsites yet"
            description="Add a jobsite with its coordinates, working hours and weather rules; Raincheck checks its forecast and tells the people you choose."
            action={addButton('Add your first jobsite')}
          />
        }
      />
    </RecordPage>
  );
}

export function NewJobsitePage() {
  const saving = useCreateRecordForm(jobsiteRecords, '/jobsites');
  const data = useJobsiteFormData();
  if (!data.ready) return <LoadingBlock label="Loading the form" rows={6} height={50} />;
  return (
    <RecordPage title="New jobsite" back={{ to: '/jobsites', label: 'Jobsites' }}>
      <JobsiteForm
        {...data.formProps}
        defaultNoticeTimes={data.noticeDefaults}
        submitLabel="Create jobsite"
        {...saving}
      />
    </RecordPage>
  );
}

/** /jobsites/{id}: the jobsite as stored; "Edit" (or `?edit`) turns the page into its form. */
export function JobsitePage() {
  const id = useParams().jobsiteId ?? '';
  const [params, setParams] = useSearchParams();
  const editing = params.has('edit');
  const setEditing = (on: boolean) => setParams(on ? { edit: '' } : {}, { replace: false });
  const jobsite = jobsiteRecords.useOne(id);
  const data = useJobsiteFormData();
  const update = jobsiteRecords.useUpdate();
  const deletion = useDeleteAndLeave(
    jobsiteRecords.useDelete(),
    id,
    jobsite.data?.name ?? 'The jobsite',
    '/jobsites',
  );

  if (!data.ready) return <LoadingBlock label="Loading the jobsite" rows={4} height={60} />;
  return (
    <RecordScreen query={jobsite} kind="jobsite" list="/jobsites" loading={{ rows: 4, height: 60 }}>
      {(site) => {
        const pick = (list: { id: string; name: string }[], ids: string[]) =>
          ids.map((x) => list.find((n) => n.id === x) ?? { id: x, name: 'Unknown' });

        if (editing) {
          return (
            <RecordPage title={`Edit ${site.name}`} back={{ to: `/jobsites/${id}`, label: site.name }}>
              <JobsiteForm
                {...data.formProps}
                key={site.updatedAt}
                jobsite={site}
                submitLabel="Save changes"
                onSubmit={(input) => update.mutateAsync({ id, input })}
                onSaved={() => setEditing(false)}
                onCancel={() => setEditing(false)}
              />
            </RecordPage>
          );
        }
        return (
          <RecordPage
            title={site.name}
            back={{ to: '/jobsites', label: 'Jobsites' }}
            badge={statusBadge(site, 'lg')}
            actions={<RecordActions edit={() => setEditing(true)} onDelete={deletion.open} />}
          >
            <JobsiteDetails
              jobsite={site}
              units={data.units}
              client={site.clientId ? (pick(data.clients, [site.clientId])[0] ?? null) : null}
              workers={pick(data.workers, site.recipients.workerIds)}
              crews={pick(data.crews, site.recipients.crewIds)}
              foreman={site.foremanWorkerId ? (pick(data.workers, [site.foremanWorkerId])[0] ?? null) : null}
            />
            <JobsiteChannelsSection jobsite={site} />
            <JobsiteConfirmationsSection jobsiteId={site.id} />
            <WeatherLedger
              jobsiteId={site.id}
              evidenceHref={(date) => `/jobsites/${encodeURIComponent(site.id)}/ledger/${date}`}
            />
            <DeleteFlowModal flow={deletion} title={`Delete ${site.name}?`}>
              The jobsite stops being checked and nobody is notified about it any more.
            </DeleteFlowModal>
          </RecordPage>
        );
      }}
    </RecordScreen>
  );
}
