import { Alert, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  adminTestPreviewSchema,
  DEFAULT_ADMIN_TEST_SAMPLE,
  type AdminTestPreviewRequest,
} from '../../../../../shared/email/admin-test';
import { useAdminTestPreview } from '../../../features/admin-email/api/email-testing';
import { EmailTestForm } from '../../../features/admin-email/components/email-test-form';
import { EmailPreview } from '../../../features/email/components/email-preview';
import { PageHeader } from '../../../components/records/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RecordSection } from '../../../components/records/record-section';

const INITIAL: AdminTestPreviewRequest = {
  template: 'default',
  kind: 'notice',
  audience: 'worker',
  sample: DEFAULT_ADMIN_TEST_SAMPLE,
};

/** /admin/email-testing: any template to any address through the real path, with a live preview. */
export function AdminEmailTestingPage() {
  useDocumentTitle('Email testing');
  const [request, setRequest] = useState<AdminTestPreviewRequest>(INITIAL);
  const [debounced] = useDebouncedValue(request, 300);
  // Only a request the server would accept is previewed; the form shows what is wrong with the rest.
  const valid = adminTestPreviewSchema.safeParse(debounced);
  const preview = useAdminTestPreview(valid.success ? valid.data : null);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Email testing"
        description="Send any template to any address through the same renderer and SES path as the dispatch."
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <RecordSection titleGap="md" id="email-test-form" title="Message">
            <EmailTestForm value={request} onChange={setRequest} />
          </RecordSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RecordSection titleGap="md" id="email-test-preview" title="Live preview">
            {preview.isError ? (
              <Alert color="red" role="alert">
                {preview.error.message}
              </Alert>
            ) : preview.data ? (
              <EmailPreview rendered={preview.data} label="Live preview" />
            ) : valid.success ? (
              <Skeleton h={520} aria-label="Rendering the preview" />
            ) : (
              <Text c="dimmed" size="sm">
                Fill in the message to see its preview.
              </Text>
            )}
          </RecordSection>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
