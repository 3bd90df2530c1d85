import { Box, Code, Stack, Tabs, Text } from '@mantine/core';
import type { RenderedEmail } from '../../../../../shared/email/template';

/**
 * A rendered email as the recipient would see it: the subject, the HTML part in a sandboxed frame
 * (no scripts, no same-origin access) and the plain-text part.
 */
export function EmailPreview({ rendered, label = 'Preview' }: { rendered: RenderedEmail; label?: string }) {
  return (
    <Stack gap="xs" aria-label={label} role="region">
      <Text size="sm">
        <Text span fw={600}>
          Subject:{' '}
        </Text>
        {rendered.subject}
      </Text>
      <Tabs defaultValue="html" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">Email</Tabs.Tab>
          <Tabs.Tab value="text">Plain text</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="xs">
          <Box
            component="iframe"
            title={`${label}: the email as HTML`}
            sandbox=""
            srcDoc={rendered.html}
            style={{
              width: '100%',
              height: 520,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 8,
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="xs">
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {rendered.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
