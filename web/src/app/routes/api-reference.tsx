import { Anchor, Code, Container, Group, Paper, Stack } from '@mantine/core';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { PageHeader } from '../../components/records/page-header';
import { ApiReferenceView, OPENAPI_URL } from '../../features/api-keys/components/api-reference-view';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/docs/api`: the public API's interactive reference, open without signing in. */
export function ApiReferencePage() {
  useDocumentTitle('API reference');
  return (
    <Container size={1100} py="lg" px="md">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Anchor href="/" fw={700} underline="never">
          Raincheck
        </Anchor>
        <ColorSchemeToggle />
      </Group>
      {/* Swagger UI brings its own <main> (the operations): no second main landmark around it. */}
      <Stack gap="md">
        <PageHeader
          title="API reference"
          description={
            <>
              Create a key on{' '}
              <Anchor href="/settings/api" underline="always">
                Settings › API keys
              </Anchor>{' '}
              (Enterprise), then send it as <Code>Authorization: Bearer rck_live_…</Code>. The OpenAPI 3.1
              document is at{' '}
              <Anchor href={OPENAPI_URL} underline="always">
                {OPENAPI_URL}
              </Anchor>
              .
            </>
          }
        />
        <Paper withBorder p={{ base: 0, sm: 'xs' }} radius="md">
          <ApiReferenceView />
        </Paper>
      </Stack>
    </Container>
  );
}
