import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Center mih="70vh" p="md" component="main">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">
          There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </Text>
        <Button component={Link} to="/">
          Go to homepage
        </Button>
      </Stack>
    </Center>
  );
}
