import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '../../../shared/messages';
import { reloadPage } from '../lib/browser';

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return MESSAGES.unknownError;
}

/**
 * The global error screen (spec §2): "Something went wrong", the error message, "Try again" reloads the
 * page and "Go to homepage" leaves for /. Plain links and reloads on purpose: the app's state is suspect.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={560} role="alert">
        <Title order={1} size="h2">
          {MESSAGES.somethingWentWrong}
        </Title>
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {errorMessage(error)}
        </Code>
        <Group>
          <Button onClick={reloadPage}>Try again</Button>
          <Button variant="default" component="a" href="/">
            Go to homepage
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          If this keeps happening, contact support and mention the message above.
        </Text>
      </Stack>
    </Center>
  );
}
