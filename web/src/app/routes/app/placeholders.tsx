import { PlaceholderPage } from '../../../components/placeholder-page';

/*
 * Screens of the signed-in area whose features are built in later issues. Each says plainly what it
 * will hold and that there is nothing in it yet.
 */

export function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analytics"
      emptyTitle="No weather days recorded yet"
      description="Days and hours lost to weather per jobsite, with the forecast each decision was based on, exportable for contract claims."
    />
  );
}
