import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { useRef } from 'react';

export interface DayOffRow {
  date: string;
  name: string;
}

/**
 * A list of dated days off (the account's in Settings, a jobsite's in its schedule): a date, a name
 * and a remove button per row, and one button to add a row. Errors come by path (`<i>.date`).
 */
export function DaysOffEditor<R extends DayOffRow>({
  rows,
  onChange,
  newRow,
  error,
  label,
  placeholder,
}: {
  rows: R[];
  onChange: (rows: R[]) => void;
  newRow: () => R;
  /** The reason at `<index>.date` or `<index>.name`, if any. */
  error: (path: string) => string | undefined;
  /** Names each row's fields for screen readers: "<label> 1 date". */
  label: string;
  placeholder: string;
}) {
  // Stable React keys for rows that carry none (added and removed in place).
  const keys = useRef(new WeakMap<R, number>());
  const next = useRef(0);
  const keyOf = (row: R) => {
    let k = keys.current.get(row);
    if (k === undefined) keys.current.set(row, (k = next.current++));
    return k;
  };
  const edit = (i: number, patch: Partial<DayOffRow>) => {
    const updated = rows.map((r, k) => (k === i ? { ...r, ...patch } : r));
    // The edited row keeps its key.
    keys.current.set(updated[i]!, keyOf(rows[i]!));
    onChange(updated);
  };
  return (
    <Stack gap="xs">
      {rows.map((row, i) => (
        // On a phone the name takes its own line beside the remove button, never squeezed to a few letters.
        <Group key={keyOf(row)} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            aria-label={`${label} ${i + 1} date`}
            value={row.date}
            onChange={(e) => edit(i, { date: e.currentTarget.value })}
            error={error(`${i}.date`)}
            w={160}
          />
          <TextInput
            aria-label={`${label} ${i + 1} name`}
            placeholder={placeholder}
            value={row.name}
            onChange={(e) => edit(i, { name: e.currentTarget.value })}
            error={error(`${i}.name`)}
            style={{ flex: '1 1 160px' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
            onClick={() => onChange(rows.filter((_, k) => k !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="default" size="sm" onClick={() => onChange([...rows, newRow()])}>
          Add a day off
        </Button>
      </Group>
    </Stack>
  );
}
