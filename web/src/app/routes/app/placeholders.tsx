import { Anchor, Button } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../../components/placeholder-page';

/*
 * Screens of the signed-in area whose features are built in later issues. Each says plainly what it
 * will hold and that there is nothing in it yet.
 */

export function ClientsPage() {
  return (
    <PlaceholderPage
      title="Clients"
      emptyTitle="No clients yet"
      description="Clients are the owners and general contractors you build for. Each client groups its jobsites, so delay notices and weather-day records can be reported per contract."
    />
  );
}

export function NewClientPage() {
  return (
    <PlaceholderPage
      title="New client"
      emptyTitle="Adding clients is not available yet"
      description="The client form (name, contacts, contract reference) is part of the clients feature, which is not built yet."
      action={
        <Button component={Link} to="/clients" variant="default">
          Back to clients
        </Button>
      }
    />
  );
}

function MissingRecord({ kind, list }: { kind: string; list: string }) {
  const params = useParams();
  const id = Object.values(params)[0] ?? '';
  return (
    <PlaceholderPage
      title={`${kind[0]?.toUpperCase()}${kind.slice(1)} ${id}`}
      emptyTitle={`No ${kind} with this id`}
      description={`There is no ${kind} "${id}" in your account.`}
      action={
        <Anchor component={Link} to={list}>
          See all {kind}s
        </Anchor>
      }
    />
  );
}

export const ClientPage = () => <MissingRecord kind="client" list="/clients" />;
export const EditClientPage = () => <MissingRecord kind="client" list="/clients" />;

export function JobsitesPage() {
  return (
    <PlaceholderPage
      title="Jobsites"
      emptyTitle="No jobsites yet"
      description="Each jobsite has a location, time zone, working hours and the weather rules that stop work there (rain, wind for cranes, cold for concrete, …). Raincheck checks its forecast and emails the crew assigned to it."
    />
  );
}

export function NewJobsitePage() {
  return (
    <PlaceholderPage
      title="New jobsite"
      emptyTitle="Adding jobsites is not available yet"
      description="The jobsite form (location, working hours, activity presets and recipients) is part of the jobsites feature, which is not built yet."
      action={
        <Button component={Link} to="/jobsites" variant="default">
          Back to jobsites
        </Button>
      }
    />
  );
}

export const JobsitePage = () => <MissingRecord kind="jobsite" list="/jobsites" />;

export function WorkersPage() {
  return (
    <PlaceholderPage
      title="Workers"
      emptyTitle="No workers yet"
      description="Workers and managers receive the delay notices, updates and all-clear messages for the jobsites they are assigned to."
    />
  );
}

export function NewWorkerPage() {
  return (
    <PlaceholderPage
      title="New worker"
      emptyTitle="Adding workers is not available yet"
      description="The worker form (name, email, role, jobsites) is part of the workers feature, which is not built yet."
      action={
        <Button component={Link} to="/workers" variant="default">
          Back to workers
        </Button>
      }
    />
  );
}

export const WorkerPage = () => <MissingRecord kind="worker" list="/workers" />;
export const EditWorkerPage = () => <MissingRecord kind="worker" list="/workers" />;

export function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analytics"
      emptyTitle="No weather days recorded yet"
      description="Days and hours lost to weather per jobsite, with the forecast each decision was based on, exportable for contract claims."
    />
  );
}
