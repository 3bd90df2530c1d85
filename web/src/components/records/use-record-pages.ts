import { useNavigate } from 'react-router-dom';
import type { recordHooks } from '../../lib/record-api';
import { newIdempotencyKey } from '../../lib/idempotency-key';

type RecordHooks<T, I> = ReturnType<typeof recordHooks<T, I>>;

/**
 * A record form's save and leave on the "new" page: POST with a fresh Idempotency-Key per submit (a
 * repeated submit creates one record), then the new record's page; Cancel goes back to `list`.
 */
export function useCreateRecordForm<T extends { id: string }, I>(records: RecordHooks<T, I>, list: string) {
  const navigate = useNavigate();
  const create = records.useCreate();
  return {
    onSubmit: (input: I) => create.mutateAsync({ input, idempotencyKey: newIdempotencyKey() }),
    onSaved: (saved: T) => void navigate(`${list}/${saved.id}`),
    onCancel: () => void navigate(list),
  };
}

/** A record form's save and leave on its edit page: PUT the record, then back to its page (as Cancel). */
export function useUpdateRecordForm<T, I>(records: RecordHooks<T, I>, id: string, recordPath: string) {
  const navigate = useNavigate();
  const update = records.useUpdate();
  return {
    onSubmit: (input: I) => update.mutateAsync({ id, input }),
    onSaved: () => void navigate(recordPath),
    onCancel: () => void navigate(recordPath),
  };
}
