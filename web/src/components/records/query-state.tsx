import { Alert, Button, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../error-screen';

/** A failed read: what failed, the server's reason (or `message`, said instead) and "Try again". */
export function QueryError({
  title,
  error,
  message,
  onRetry,
}: {
  title: string;
  error: unknown;
  message?: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message ?? errorMessage(error)}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Grey bars in the shape of what is loading, announced as busy. */
export function LoadingBlock({
  label,
  rows = 4,
  height = 36,
}: {
  label: string;
  rows?: number;
  height?: number;
}) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={height} />
      ))}
    </Stack>
  );
}

/** A read in its three states: busy bars while it loads, the failure with "Try again", then its data. */
export function QueryBlock<T>({
  query,
  loading,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  /** The busy bars: what is loading and their shape. */
  loading: { label: string; rows?: number; height?: number };
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock {...loading} />;
  if (query.isError)
    return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** An empty list: what goes here and the one thing to do about it. */
export function EmptyList({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyState title={title} description={description} withIndicatorBackground py="xl">
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
