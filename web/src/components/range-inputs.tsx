import { Group, TextInput } from '@mantine/core';

export interface TypedRange {
  from?: string;
  to?: string;
}

/**
 * "From" and "To" inputs of a date or month range. `typed` is what the user has typed (kept even while
 * it is not a whole date yet); an empty side shows `shown`, the range the server answered for.
 */
export function RangeInputs({
  type,
  typed,
  shown,
  onType,
  width,
}: {
  type: 'date' | 'month';
  typed: TypedRange;
  shown?: TypedRange;
  onType: (update: (range: TypedRange) => TypedRange) => void;
  width: number;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {(['from', 'to'] as const).map((side) => (
        <TextInput
          key={side}
          type={type}
          label={side === 'from' ? 'From' : 'To'}
          value={typed[side] ?? shown?.[side] ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onType((r) => ({ ...r, [side]: value }));
          }}
          w={width}
        />
      ))}
    </Group>
  );
}
