import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface SortOption {
  value: string;
  label: string;
}

/** The sorts every record list offers; workers add email. */
export const COMMON_SORTS: SortOption[] = [
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-updatedAt', label: 'Recently updated' },
];

/**
 * Search text and sort of a list, kept in the URL (`?q=…&sort=…`) so Back and a shared link show the
 * same list. Typing updates the box at once and the query 300 ms after the last key.
 */
export function useListParams(sorts: readonly SortOption[], defaultSort = 'name') {
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  const urlSort = params.get('sort');
  const sort = sorts.some((s) => s.value === urlSort) ? (urlSort as string) : defaultSort;
  const [input, setInput] = useState(urlQ);
  const [debounced] = useDebouncedValue(input, 300);
  // What this hook last wrote to the URL, to tell its own writes from navigation (a nav link, Back).
  const written = useRef(urlQ);
  // Read at the time of the write: the effect below runs when the typed text settles, not on navigation.
  const urlQRef = useRef(urlQ);
  urlQRef.current = urlQ;
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;

  useEffect(() => {
    const next = debounced.trim();
    if (next === urlQRef.current) return;
    written.current = next;
    setParamsRef.current(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set('q', next);
        else params.delete('q');
        return params;
      },
      { replace: true },
    );
  }, [debounced]);

  // The URL changed under the box (e.g. the Clients link while a search is shown): show its search.
  useEffect(() => {
    if (urlQ === written.current) return;
    written.current = urlQ;
    setInput(urlQ);
  }, [urlQ]);

  const setSort = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === defaultSort) next.delete('sort');
        else next.set('sort', value);
        return next;
      },
      { replace: true },
    );

  return { input, setInput, q: urlQ, sort, setSort };
}

/** Search box and sort menu above a record list. */
export function ListToolbar({
  searchLabel,
  placeholder,
  input,
  onInput,
  sort,
  onSort,
  sorts,
}: {
  searchLabel: string;
  placeholder: string;
  input: string;
  onInput: (value: string) => void;
  sort: string;
  onSort: (value: string) => void;
  sorts: readonly SortOption[];
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search">
      <TextInput
        label={searchLabel}
        placeholder={placeholder}
        type="search"
        value={input}
        onChange={(e) => onInput(e.currentTarget.value)}
        style={{ flex: '1 1 16rem' }}
      />
      <Select
        label="Sort by"
        data={sorts as SortOption[]}
        value={sort}
        onChange={(value) => value && onSort(value)}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
