import { Button, Group, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import {
  createApiKeySchema,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '../../../../../shared/api-keys';
import { ApiError } from '../../../lib/api-client';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { zodFieldErrors } from '../../../lib/form-errors';
import { useCreateApiKey } from '../api/api-keys-api';
import { TextField } from '../../../components/form-fields';

type Access = 'read' | 'write';
const SCOPES: Record<Access, CreateApiKeyInput['scopes']> = { read: ['read'], write: ['read', 'write'] };

/** Names a new key and picks what it may do; the created key (with its secret) goes to `onCreated`. */
export function CreateApiKeyForm({
  onCreated,
}: {
  onCreated: (key: CreatedApiKey & { name: string }) => void;
}) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name, scopes: SCOPES[access] });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    try {
      const key = await create.mutateAsync(parsed.data);
      setName('');
      onCreated({ ...key, name: parsed.data.name });
    } catch (err) {
      const field = err instanceof ApiError && err.field ? err.field : 'form';
      setErrors({
        [field === 'name' ? 'name' : 'form']: friendlyErrorMessage(err, 'The key could not be created.'),
      });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create an API key">
      <Stack gap="md">
        <TextField
          label="Name"
          description="Where the key is used, e.g. “Procore sync”"
          value={name}
          onValueChange={setName}
          error={errors.name}
          maxLength={80}
          required
        />
        <Radio.Group
          label="Access"
          value={access}
          onChange={(v) => setAccess(v as Access)}
          error={errors.scopes}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="read" label="Read only: list and read records, verdicts, alerts and the ledger" />
            <Radio value="write" label="Read and write: also create, change and delete records" />
          </Stack>
        </Radio.Group>
        {errors.form ? (
          <div
            role="alert"
            style={{ color: 'var(--mantine-color-error)', fontSize: 'var(--mantine-font-size-sm)' }}
          >
            {errors.form}
          </div>
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
