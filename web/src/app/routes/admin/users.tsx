import { RecordPage } from '../../../components/records/record-page';
import { UsersTable } from '../../../features/admin-people/components/users-table';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /admin/users: accounts, their plan and status; disable, enable, and manage admins. */
export function AdminUsersPage() {
  useDocumentTitle('Users');
  return (
    <RecordPage
      title="Users"
      description="Every account in the user pool, with its plan and subscription from billing."
    >
      <UsersTable />
    </RecordPage>
  );
}
