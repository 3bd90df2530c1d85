import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { useSchemaSubmit } from '../../../../web/src/lib/use-schema-submit';

/** A settings form on the shared submit, with a save the test finishes when it wants. */
function NameForm({ save }: { save: (input: { name: string }) => Promise<unknown> }) {
  const { saving, onSubmit } = useSchemaSubmit({
    schema: z.object({ name: z.string().min(1) }),
    fields: ['name'] as const,
    values: () => ({ name: 'Harbor' }),
    save,
    saved: () => 'Saved.',
    failed: 'Not saved.',
  });
  return (
    <form aria-label="Name" onSubmit={(e) => void onSubmit(e)}>
      <button type="submit" disabled={saving}>
        Save
      </button>
    </form>
  );
}

describe('a settings form on the shared submit', () => {
  it('should save once when submitted twice before the first save answers', async () => {
    let finish: () => void = () => undefined;
    const save = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<NameForm save={save} />);
    const form = screen.getByRole('form', { name: 'Name' });

    fireEvent.submit(form);
    fireEvent.submit(form);
    finish();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(save).toHaveBeenCalledTimes(1);
    fireEvent.submit(form);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
