import { PlaceholderPage } from '../../../components/placeholder-page';

/*
 * Screens of the signed-in area whose features are built in later issues. Each says plainly what it
 * will hold and that there is nothing in it yet.
 */

export function WeatherPage() {
  return (
    <PlaceholderPage
      title="Weather"
      emptyTitle="No forecasts to show"
      description="Once you have a jobsite, its forecast and the delay verdict for each working day appear here, with the rule that triggered it."
    />
  );
}

export function EmailPage() {
  return (
    <PlaceholderPage
      title="Email"
      emptyTitle="No email templates or sent notices yet"
      description="Templates set the wording of delay notices, updates and all-clear messages; every notice sent, with its delivery status, will be listed here."
    />
  );
}

export function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analytics"
      emptyTitle="No weather days recorded yet"
      description="Days and hours lost to weather per jobsite, with the forecast each decision was based on, exportable for contract claims."
    />
  );
}
