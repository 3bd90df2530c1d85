import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadingBlock, QueryError } from './query-state';
import { RecordPage } from './record-page';
import { isNotFound, RecordNotFound } from './record-not-found';

/**
 * One record's screen (its page or its edit form) in the states of its read: busy bars, "not found"
 * (an unknown id, or another account's: the API answers both alike), the failure with "Try again",
 * then the record.
 */
export function RecordScreen<T>({
  query,
  kind,
  list,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  /** Singular, lower case: "client". */
  kind: string;
  /** The list's path: "/clients". */
  list: string;
  /** The busy bars: their shape. */
  loading: { rows: number; height: number };
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={`Loading the ${kind}`} {...loading} />;
  if (query.isError) {
    if (isNotFound(query.error))
      return <RecordNotFound kind={kind} list={list} listLabel={`See all ${kind}s`} />;
    return (
      <QueryError
        title={`Could not load this ${kind}`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** A record page's Edit (a link to its form, or a button that opens it) and Delete. */
export function RecordActions({ edit, onDelete }: { edit: string | (() => void); onDelete: () => void }) {
  return (
    <>
      {typeof edit === 'string' ? (
        <Button component={Link} to={edit}>
          Edit
        </Button>
      ) : (
        <Button onClick={edit}>Edit</Button>
      )}
      <Button variant="outline" color="red" onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}

/**
 * A record's edit page: the states of its read, then "Edit <name>" (back to the record's page at
 * `recordPath`) over the form that `children` makes of the record.
 */
export function EditRecordScreen<T extends { name: string }>({
  query,
  kind,
  list,
  recordPath,
  children,
}: {
  query: UseQueryResult<T>;
  kind: string;
  list: string;
  recordPath: string;
  children: (record: T) => ReactNode;
}) {
  return (
    <RecordScreen query={query} kind={kind} list={list} loading={{ rows: 5, height: 50 }}>
      {(record) => (
        <RecordPage title={`Edit ${record.name}`} back={{ to: recordPath, label: record.name }}>
          {children(record)}
        </RecordPage>
      )}
    </RecordScreen>
  );
}

/**
 * A record's own page: the states of its read, then the record's name over what `children` makes of
 * it, "← `listLabel`" back to the list, and Edit and Delete.
 */
export function ViewRecordScreen<T extends { name: string }>({
  query,
  kind,
  list,
  listLabel,
  edit,
  onDelete,
  children,
}: {
  query: UseQueryResult<T>;
  kind: string;
  list: string;
  listLabel: string;
  edit: string | (() => void);
  onDelete: () => void;
  children: (record: T) => ReactNode;
}) {
  return (
    <RecordScreen query={query} kind={kind} list={list} loading={{ rows: 3, height: 60 }}>
      {(record) => (
        <RecordPage
          title={record.name}
          back={{ to: list, label: listLabel }}
          actions={<RecordActions edit={edit} onDelete={onDelete} />}
        >
          {children(record)}
        </RecordPage>
      )}
    </RecordScreen>
  );
}
