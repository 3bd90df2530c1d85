import { Alert, Button, Group, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryClient } from '../../../lib/query-client';
import {
  currentSupportSession,
  endSupportSession,
  subscribeSupportSession,
  type SupportSessionView,
} from '../../../lib/support-session';

let cached: { raw: string | null; view: SupportSessionView | null } = { raw: null, view: null };

/** A stable snapshot for useSyncExternalStore: the same object while the stored session is the same. */
function snapshot(): SupportSessionView | null {
  const view = currentSupportSession();
  const raw = view ? JSON.stringify(view) : null;
  if (raw !== cached.raw) cached = { raw, view };
  return cached.view;
}

export function useSupportSession(): SupportSessionView | null {
  return useSyncExternalStore(subscribeSupportSession, snapshot, () => null);
}

/** Over every screen of the account while an admin's read-only support session is live (issue 22 §7). */
export function SupportSessionBanner() {
  const session = useSupportSession();
  const navigate = useNavigate();
  if (!session) return null;
  const ends = new Date(session.expiresAt).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const end = () => {
    endSupportSession();
    queryClient.clear();
    navigate('/admin/support');
  };
  return (
    <Alert color="orange" variant="filled" mb="md" role="status" aria-live="polite">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          Support session for {session.company ?? 'this account'}, read-only, ends {ends}
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={end}>
          End session
        </Button>
      </Group>
    </Alert>
  );
}
