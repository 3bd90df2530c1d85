import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { ADMIN_MESSAGES, type AdminUserRow } from '../../../../../shared/admin';
import { clearAdminIdentity, useAdminIdentity } from '../../../lib/auth/admin-identity';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useAdminUsers, useUserAction, type UserAction } from '../api/admin-users';
import { DataTable } from '../../../components/data-table';
import { QueryError } from '../../../components/records/query-state';
import { TextField } from '../../../components/form-fields';

/** Short cells keep one line (badges would otherwise be cut to "ENABL…"); the email wraps instead. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const PLAN_LABELS: Record<AdminUserRow['plan'], string> = {
  none: 'No plan',
  basic: 'Basic',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

function day(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function dateTime(iso: string | null): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** What each action's confirm dialog says and does. */
function confirmText(action: UserAction): { title: string; body: string; button: string; color: string } {
  switch (action.kind) {
    case 'disable':
      return {
        title: `Disable ${action.email}?`,
        body: `${action.email} will not be able to sign in. ${ADMIN_MESSAGES.disableNote} Their data and subscription are kept.`,
        button: 'Disable user',
        color: 'red',
      };
    case 'enable':
      return {
        title: `Enable ${action.email}?`,
        body: `${action.email} will be able to sign in again with their password.`,
        button: 'Enable user',
        color: 'blue',
      };
    case 'addAdmin':
      return {
        title: `Make ${action.email} an admin?`,
        body: `${action.email} will see the admin area, every account and every figure, and can manage users, settings and admins. It takes effect when they next sign in.`,
        button: 'Make admin',
        color: 'blue',
      };
    case 'removeAdmin':
      return {
        title: `Remove ${action.email} from the admins?`,
        body: `${action.email} keeps their own account but loses the admin area at their next token refresh (within an hour).`,
        button: 'Remove admin',
        color: 'red',
      };
  }
}

const DONE: Record<UserAction['kind'], (email: string) => string> = {
  disable: (e) => `${e} is disabled.`,
  enable: (e) => `${e} is enabled.`,
  addAdmin: (e) => `${e} is now an admin.`,
  removeAdmin: (e) => `${e} is no longer an admin.`,
};

// Sentence case and a visible overflow (the default upper-case label was cut to "ENABL…" in cells);
// the dot variant keeps the text at body contrast (light teal on teal failed WCAG AA at 11 px).
const BADGE_STYLES = { label: { overflow: 'visible' } } as const;

function AccountBadge({ user }: { user: AdminUserRow }) {
  return (
    <Badge color={user.enabled ? 'teal' : 'red'} variant="dot" tt="none" styles={BADGE_STYLES}>
      {user.enabled ? 'Enabled' : 'Disabled'}
    </Badge>
  );
}

function RoleBadge({ user }: { user: AdminUserRow }) {
  return user.isAdmin ? (
    <Badge color="violet" variant="dot" tt="none" styles={BADGE_STYLES}>
      Admin
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      User
    </Text>
  );
}

function EmailCell({ user, self }: { user: AdminUserRow; self: boolean }) {
  return (
    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {user.email}
      {self ? (
        <Text span size="xs" c="dimmed">
          {' '}
          (you)
        </Text>
      ) : null}
    </Text>
  );
}

function RowActions({
  user: u,
  self,
  canManageAdmins,
  onAction,
}: {
  user: AdminUserRow;
  self: boolean;
  canManageAdmins: boolean;
  onAction: (action: UserAction) => void;
}) {
  /** One action on this user; its accessible name names the user, as the confirmation does. */
  const action = (kind: Exclude<UserAction['kind'], 'addAdmin'>, label: string, danger = false) => (
    <Button
      size="xs"
      variant={danger ? 'subtle' : 'default'}
      color={danger ? 'red' : undefined}
      onClick={() => onAction({ kind, id: u.id, email: u.email })}
      aria-label={`${label} ${u.email}`}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {canManageAdmins && u.isAdmin && !self ? action('removeAdmin', 'Remove admin', true) : null}
      {self ? null : u.enabled ? action('disable', 'Disable') : action('enable', 'Enable')}
    </Group>
  );
}

/** /admin/users: every account by email prefix, with plan, status, sign-up and last sign-in. */
export function UsersTable() {
  const me = useAdminIdentity();
  const canManageAdmins = !!me?.permissions.includes('manage_admins');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const users = useAdminUsers(q);
  const action = useUserAction();
  const [pending, setPending] = useState<UserAction | null>(null);
  const [newAdmin, setNewAdmin] = useState('');
  const [newAdminError, setNewAdminError] = useState<string | null>(null);
  // Phones get one card per user: eight columns do not fit 390 px without sideways scrolling.
  const phone = useMatches({ base: true, sm: false });

  const confirm = () => {
    if (!pending) return;
    const done = pending;
    action.mutate(done, {
      onSuccess: () => {
        toast.success(DONE[done.kind](done.email));
        if (done.kind === 'addAdmin') setNewAdmin('');
        // An admin change may concern the signed-in admin's own identity next time it is read.
        if (done.kind === 'addAdmin' || done.kind === 'removeAdmin') clearAdminIdentity();
      },
      onError: (err) => {
        const message = friendlyErrorMessage(err, 'The change could not be made. Try again.');
        if (done.kind === 'addAdmin') setNewAdminError(message);
        else toast.error(message);
      },
      onSettled: () => setPending(null),
    });
  };

  const onAddAdmin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = newAdmin.trim();
    setNewAdminError(email ? null : 'Enter the email of an existing account');
    if (email) setPending({ kind: 'addAdmin', email });
  };

  const rows = users.data?.pages.flatMap((p) => p.items) ?? [];
  const text = pending ? confirmText(pending) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <TextField
          label="Search by email"
          description="Matches the start of the address"
          placeholder="name@company.com"
          value={search}
          onValueChange={setSearch}
          w={{ base: '100%', sm: 320 }}
          type="search"
        />
        {canManageAdmins ? (
          <form onSubmit={onAddAdmin} aria-label="Add an admin" style={{ flex: '1 1 320px', maxWidth: 480 }}>
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextField
                label="Add an admin"
                description="The email of an existing account"
                placeholder="colleague@company.com"
                type="email"
                value={newAdmin}
                onValueChange={setNewAdmin}
                error={newAdminError}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="default" mt={46}>
                Add
              </Button>
            </Group>
          </form>
        ) : null}
      </Group>

      {users.isPending ? (
        <Skeleton h={240} />
      ) : users.isError ? (
        <QueryError
          title="The users could not be loaded"
          error={users.error}
          fallback="Try again in a moment."
          onRetry={() => void users.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{q ? `No user's email starts with “${q}”.` : 'No users yet.'}</Text>
      ) : phone ? (
        <Stack gap="sm" role="list" aria-label="Users">
          {rows.map((u) => (
            <Card key={u.id} withBorder padding="md" role="listitem" data-testid={`user-row-${u.email}`}>
              <Stack gap={6}>
                <EmailCell user={u} self={u.id === me?.id} />
                <Group gap="xs">
                  <AccountBadge user={u} />
                  <RoleBadge user={u} />
                  <Text size="sm">{PLAN_LABELS[u.plan]}</Text>
                  {u.plan === 'none' ? null : (
                    <Text size="sm" c="dimmed">
                      {u.subscriptionStatus.replace(/_/g, ' ')}
                    </Text>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  Signed up {day(u.createdAt)} · Last sign-in {dateTime(u.lastSignInAt)}
                </Text>
                <RowActions
                  user={u}
                  self={u.id === me?.id}
                  canManageAdmins={canManageAdmins}
                  onAction={setPending}
                />
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <DataTable
          minWidth={900}
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label="Users"
          headers={[
            'Email',
            'Plan',
            'Subscription',
            { label: 'Signed up', style: NOWRAP },
            { label: 'Last sign-in', style: NOWRAP },
            'Account',
            'Role',
          ]}
          actions="Actions"
        >
          {rows.map((u) => (
            <Table.Tr key={u.id} data-testid={`user-row-${u.email}`}>
              <Table.Td>
                <EmailCell user={u} self={u.id === me?.id} />
              </Table.Td>
              <Table.Td style={NOWRAP}>{PLAN_LABELS[u.plan]}</Table.Td>
              <Table.Td style={NOWRAP}>
                <Text size="sm">{u.plan === 'none' ? '—' : u.subscriptionStatus.replace(/_/g, ' ')}</Text>
              </Table.Td>
              <Table.Td style={NOWRAP}>{day(u.createdAt)}</Table.Td>
              <Table.Td style={NOWRAP}>{dateTime(u.lastSignInAt)}</Table.Td>
              <Table.Td style={NOWRAP}>
                <AccountBadge user={u} />
              </Table.Td>
              <Table.Td style={NOWRAP}>
                <RoleBadge user={u} />
              </Table.Td>
              <Table.Td>
                <RowActions
                  user={u}
                  self={u.id === me?.id}
                  canManageAdmins={canManageAdmins}
                  onAction={setPending}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {users.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void users.fetchNextPage()}
          loading={users.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Show more
        </Button>
      ) : null}

      <Modal
        opened={pending !== null}
        onClose={() => (action.isPending ? undefined : setPending(null))}
        title={
          <Title order={2} size="h4">
            {text?.title}
          </Title>
        }
        centered
      >
        <Stack gap="md">
          <Text size="sm">{text?.body}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} disabled={action.isPending}>
              Cancel
            </Button>
            <Button color={text?.color} onClick={confirm} loading={action.isPending}>
              {text?.button}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
