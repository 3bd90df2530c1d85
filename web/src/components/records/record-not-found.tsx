import { Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { EmptyList } from './query-state';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A record id that is not in this account (or does not exist: the API answers both alike). */
export function RecordNotFound({ kind, list, listLabel }: { kind: string; list: string; listLabel: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {`${kind[0]?.toUpperCase() ?? ''}${kind.slice(1)} not found`}
      </Title>
      <EmptyList
        title={`No ${kind} with this id`}
        description={`This ${kind} does not exist in your account, or it was deleted.`}
        action={
          <Button component={Link} to={list} variant="default">
            {listLabel}
          </Button>
        }
      />
    </Stack>
  );
}
