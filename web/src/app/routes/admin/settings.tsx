import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/records/page-header';
import { AdminSettingsForm } from '../../../features/admin-people/components/admin-settings-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /admin/settings: product-wide settings (email sender, default notice times, dispatch cadence). */
export function AdminSettingsPage() {
  useDocumentTitle('Admin settings');
  return (
    <Stack gap="lg">
      <PageHeader title="Admin settings" description="Settings for the whole product, for every account." />
      <AdminSettingsForm />
    </Stack>
  );
}
