import { Alert, Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { friendlyErrorMessage } from '../../lib/error-message';
import { errorMessage } from '../error-screen';

/**
 * A failed read: what failed, the server's reason and "Try again" — under the reason, or beside it when
 * `inline` (a one-line failure in a card or a modal). With `fallback`, a reason not written for people
 * becomes it (friendlyErrorMessage); `message` is said instead of any reason.
 */
export function QueryError({
  title,
  error,
  message,
  fallback,
  onRetry,
  inline = false,
}: {
  title?: string;
  error?: unknown;
  message?: string;
  fallback?: string;
  onRetry: () => void;
  inline?: boolean;
}) {
  const Layout = inline ? Group : Stack;
  const reason = fallback === undefined ? errorMessage(error) : friendlyErrorMessage(error, fallback);
  return (
    <Alert color="red" title={title} role="alert">
      <Layout gap="sm" {...(inline ? { justify: 'space-between' } : { align: 'flex-start' })}>
        <Text size="sm">{message ?? reason}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          Try again
        </Button>
      </Layout>
    </Alert>
  );
}

/** What stands in for a read's data: a labelled skeleton, the failure's fallback words, and a line when there is nothing. */
export interface ReadStates<T> {
  label: string;
  height: number;
  failed: string;
  /** The failure's heading, where the page says what could not be read ("This link does not work"). */
  failedTitle?: string;
  /** When the data is "nothing yet" (`when`), the dimmed line said instead (`size`: sm unless told). */
  empty?: { when: (data: T) => boolean; say: ReactNode; size?: 'sm' | 'md' };
}

/** A read's data, or what stands in its place while it loads, after it failed, or when it is empty. */
export type ReadOrPlaceholder<T> =
  { placeholder: ReactElement; data?: undefined } | { placeholder: null; data: T };

/**
 * For a part of a page that returns early while its read is not there: a labelled skeleton of `height`
 * while it loads, the failure in a person's words (`failed` when the server's own is not for people)
 * after it failed, the `empty` line when there is nothing, else the data. `const read = readOrPlaceholder(q, …); if (read.placeholder) return read.placeholder;`
 */
export function readOrPlaceholder<T>(
  query: UseQueryResult<T>,
  { label, height, failed, failedTitle, empty }: ReadStates<T>,
): ReadOrPlaceholder<T> {
  if (query.isPending) return { placeholder: <Skeleton h={height} aria-label={label} /> };
  if (query.isError)
    return {
      placeholder: (
        <Alert color="red" role="alert" title={failedTitle}>
          {friendlyErrorMessage(query.error, failed)}
        </Alert>
      ),
    };
  if (empty?.when(query.data))
    return {
      placeholder: (
        <Text size={empty.size ?? 'sm'} c="dimmed">
          {empty.say}
        </Text>
      ),
    };
  return { placeholder: null, data: query.data };
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
  errorMessage,
  errorFallback,
  children,
}: {
  query: UseQueryResult<T>;
  /** The busy bars: what is loading and their shape. */
  loading: { label: string; rows?: number; height?: number };
  errorTitle: string;
  /** Said instead of the server's reason (QueryError's `message`). */
  errorMessage?: string;
  /** Said instead of a reason not written for people (QueryError's `fallback`). */
  errorFallback?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock {...loading} />;
  if (query.isError)
    return (
      <QueryError
        title={errorTitle}
        error={query.error}
        message={errorMessage}
        fallback={errorFallback}
        onRetry={() => void query.refetch()}
      />
    );
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

/** readOrPlaceholder as an element, for a read inside a page's JSX: `children` gets the data. */
export function ReadBlock<T>({
  query,
  children,
  ...states
}: ReadStates<T> & { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const read = readOrPlaceholder(query, states);
  if (read.placeholder) return read.placeholder;
  return <>{children(read.data)}</>;
}
