import { Anchor, Code, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CreatedApiKey } from '../../../../../shared/api-keys';
import { planHas, planRefusal } from '../../../../../shared/plan-refusal';
import { effectivePlan } from '../../../../../shared/subscription';
import { PageLoader } from '../../../components/page-loader';
import { PlanLockedCard } from '../../../components/plan-locked-card';
import { RecordPage } from '../../../components/records/record-page';
import { RecordSection } from '../../../components/records/record-section';
import { useMe } from '../../../features/account/api/get-me';
import { ApiKeySecretModal } from '../../../features/api-keys/components/api-key-secret-modal';
import { ApiKeysList } from '../../../features/api-keys/components/api-keys-list';
import { CreateApiKeyForm } from '../../../features/api-keys/components/create-api-key-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/settings/api`: the account's API keys (Enterprise); other plans see the page locked with the way up. */
export function ApiSettingsPage() {
  useDocumentTitle('API keys');
  const me = useMe();
  const [created, setCreated] = useState<(CreatedApiKey & { name: string }) | null>(null);
  if (me.isPending) return <PageLoader />;
  if (me.isError) throw me.error;
  const plan = effectivePlan(me.data.subscription);
  return (
    <RecordPage
      title="API keys"
      description={
        <>
          Keys let your own tools read jobsites, verdicts and the weather-day ledger, and keep records in
          sync. See the{' '}
          <Anchor href="/docs/api" underline="always">
            API reference
          </Anchor>
          .
        </>
      }
    >
      {!planHas(plan, 'apiAccess') ? (
        <PlanLockedCard
          titleId="api-locked-title"
          title="API access is locked"
          reason={planRefusal('apiAccess', plan)}
        />
      ) : (
        <>
          <RecordSection title="Create a key">
            <CreateApiKeyForm onCreated={setCreated} />
          </RecordSection>
          <RecordSection title="Your keys">
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Send a key as <Code>Authorization: Bearer rck_live_…</Code>. Each key may make 10 requests a
                second, with bursts of 20.
              </Text>
              <ApiKeysList />
            </Stack>
          </RecordSection>
          <ApiKeySecretModal created={created} onClose={() => setCreated(null)} />
        </>
      )}
    </RecordPage>
  );
}
