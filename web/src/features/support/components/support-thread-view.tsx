import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SUPPORT_BODY_MAX, type SupportStatus, type SupportThread } from '../../../../../shared/support';
import { supportReplyInputSchema } from '../../../../../shared/support-schemas';
import { submitErrors, zodFieldErrors } from '../../../lib/form-errors';
import { TextAreaField } from '../../../components/form-fields';

const STATUS_COLOR: Record<SupportStatus, string> = { open: 'blue', answered: 'green', closed: 'gray' };
const STATUS_LABEL: Record<SupportStatus, string> = {
  open: 'Waiting for support',
  answered: 'Answered',
  closed: 'Closed',
};

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {STATUS_LABEL[status]}
    </Badge>
  );
}

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface Props {
  thread: SupportThread;
  /** Who reads it: the customer sees "You" and "Raincheck support", an admin the customer's email. */
  viewer: 'customer' | 'support';
  onReply?: (body: string) => Promise<unknown>;
  replying?: boolean;
}

/** A support request, its messages in order, and the reply box (absent when the request is closed). */
export function SupportThreadView({ thread, viewer, onReply, replying }: Props) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameOf = (author: 'customer' | 'support', email: string) =>
    author === 'support'
      ? viewer === 'support'
        ? `Support (${email})`
        : 'Raincheck support'
      : viewer === 'customer'
        ? 'You'
        : email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!onReply || replying) return;
    const parsed = supportReplyInputSchema.safeParse({ body });
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).body ?? null);
    setError(null);
    try {
      await onReply(parsed.data.body);
      setBody('');
    } catch (err) {
      const split = submitErrors(err, (path) => path === 'body');
      setError(split.fields.body ?? split.form);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {thread.subject}
          </Title>
          <Text size="sm" c="dimmed">
            Sent {formatWhen(thread.createdAt)} from{' '}
            <Text span ff="monospace">
              {thread.page}
            </Text>
          </Text>
        </Stack>
        <SupportStatusBadge status={thread.status} />
      </Group>
      <Paper withBorder p="md" component="article" aria-label={`${nameOf('customer', thread.email)} wrote`}>
        <Text size="sm" fw={600}>
          {nameOf('customer', thread.email)}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }} mt={4}>
          {thread.body}
        </Text>
      </Paper>
      {thread.messages.map((m) => (
        <Card
          key={m.id}
          withBorder
          p="md"
          component="article"
          aria-label={`${nameOf(m.author, m.authorEmail)} wrote`}
          bg={m.author === 'support' ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {nameOf(m.author, m.authorEmail)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatWhen(m.at)}
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }} mt={4}>
            {m.body}
          </Text>
        </Card>
      ))}
      {onReply && thread.status !== 'closed' ? (
        <form onSubmit={submit} noValidate aria-label="Reply">
          <Stack gap="xs">
            <TextAreaField
              label="Your reply"
              autosize
              minRows={3}
              maxLength={SUPPORT_BODY_MAX}
              value={body}
              onValueChange={setBody}
              error={error}
              aria-invalid={error ? true : undefined}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={replying}>
                Send reply
              </Button>
            </Group>
          </Stack>
        </form>
      ) : thread.status === 'closed' && viewer === 'customer' ? (
        <Alert color="gray">This request is closed. Use Help to send a new one if you still need us.</Alert>
      ) : null}
    </Stack>
  );
}
