import { Button, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookInputSchema,
  type WebhookCreated,
  type WebhookEventType,
} from '../../../../../shared/webhooks';
import { ApiError } from '../../../lib/api-client';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCreateWebhook } from '../api/webhooks-api';
import { TextField } from '../../../components/form-fields';

/** Adds an endpoint: its URL and the events it wants, checked with the API's own schema first. */
export function WebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['notice.sent', 'update.sent', 'all_clear.sent']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = webhookInputSchema.safeParse({ url, events });
    if (!parsed.success) {
      const fieldOf = (p: PropertyKey[]) => (p[0] === 'url' ? 'url' : 'events');
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [fieldOf(i.path), i.message])));
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync({ input: parsed.data, idempotencyKey: newIdempotencyKey() });
      setUrl('');
      onCreated(created);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields?.url) setErrors({ url: fields.url });
      else setErrors({ url: friendlyErrorMessage(err, 'The webhook could not be added. Try again.') });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <TextField
          label="Endpoint URL"
          description="Where Raincheck sends a signed POST for each event (https)"
          placeholder="https://example.com/raincheck-hooks"
          value={url}
          onValueChange={setUrl}
          error={errors.url}
          required
          inputMode="url"
          autoComplete="off"
        />
        <Checkbox.Group
          label="Events"
          description="Send only these events to this endpoint"
          value={events}
          onChange={(v) => setEvents(v as WebhookEventType[])}
          error={errors.events}
          required
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={WEBHOOK_EVENT_LABELS[type]} description={type} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          Add webhook
        </Button>
      </Stack>
    </form>
  );
}
