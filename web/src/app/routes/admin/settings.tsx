import { Stack, Text, Title } from '@mantine/core';
import { AdminSettingsForm } from '../../../features/admin-people/components/admin-settings-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /admin/settings: product-wide settings (email sender, default notice times, dispatch cadence). */
export function AdminSettingsPage() {
  useDocumentTitle('Admin settings');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Admin settings
        </Title>
        <Text c="dimmed" size="sm">
          Settings for the whole product, for every account.
        </Text>
      </div>
      <AdminSettingsForm />
    </Stack>
  );
}
