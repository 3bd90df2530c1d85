import { Alert, Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PLANS } from '../../../../../shared/plans';
import { planRefusal } from '../../../../../shared/plan-refusal';
import { effectivePlan } from '../../../../../shared/subscription';
import { useMe } from '../../../features/account/api/get-me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWebhooks } from '../../../features/webhooks/api/webhooks-api';
import { SecretOnce, WebhookCard } from '../../../features/webhooks/components/webhook-card';
import { WebhookForm } from '../../../features/webhooks/components/webhook-form';
import { RecordSection } from '../../../components/records/record-section';
import { ReadBlock } from '../../../components/records/query-state';

/** `/settings/webhooks` (issue 23 §5): Enterprise accounts' signed webhooks; other plans see the way up. */
export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const me = useMe();
  const plan = me.data ? effectivePlan(me.data.subscription) : null;
  const allowed = plan !== null && PLANS[plan].features.apiAccess;
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Webhooks
      </Title>
      <Text c="dimmed" maw={720}>
        Raincheck sends a signed JSON POST to your endpoints when notices go out, foremen answer, ledger days
        are marked and jobsites change. Each delivery follows the Standard Webhooks specification, is retried
        with back-off for 24 hours and can be resent.{' '}
        <Anchor href="https://www.standardwebhooks.com" target="_blank" rel="noreferrer">
          About Standard Webhooks
        </Anchor>
      </Text>
      {me.isPending ? (
        <Skeleton h={160} aria-label="Loading your plan" />
      ) : plan !== null && !allowed ? (
        <Alert color="yellow" title="Webhooks are part of Enterprise">
          {planRefusal('apiAccess', plan)}{' '}
          <Anchor component={Link} to="/subscription">
            See plans
          </Anchor>
        </Alert>
      ) : (
        <>
          {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
          <RecordSection titleGap="md" id="webhook-new" title="Add an endpoint">
            <WebhookForm onCreated={(created) => setSecret(created.secret)} />
          </RecordSection>
          <ReadBlock
            query={webhooks}
            label="Loading webhooks"
            height={120}
            failed="Your webhooks could not be loaded."
            empty={{ when: (data) => data.items.length === 0, say: 'No endpoints yet.', size: 'md' }}
          >
            {(data) => data.items.map((endpoint) => <WebhookCard key={endpoint.id} endpoint={endpoint} />)}
          </ReadBlock>
        </>
      )}
    </Stack>
  );
}
