import { Button } from '@mantine/core';

/**
 * "Remove" beside one row of a list the jobsite form edits (a notice time, a rule), named for screen
 * readers by the row ("Remove rule 2"); level with the row's inputs on a wide screen, at its end on a phone.
 */
export function RemoveRowButton({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button
      variant="subtle"
      color="red"
      mt={{ base: 0, xs: 25 }}
      ml={{ base: 'auto', xs: 0 }}
      onClick={onRemove}
      aria-label={label}
    >
      Remove
    </Button>
  );
}
