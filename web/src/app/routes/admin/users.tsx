import { Stack, Text, Title } from '@mantine/core';
import { UsersTable } from '../../../features/admin-people/components/users-table';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /admin/users: accounts, their plan and status; disable, enable, and manage admins. */
export function AdminUsersPage() {
  useDocumentTitle('Users');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Users
        </Title>
        <Text c="dimmed" size="sm">
          Every account in the user pool, with its plan and subscription from billing.
        </Text>
      </div>
      <UsersTable />
    </Stack>
  );
}
