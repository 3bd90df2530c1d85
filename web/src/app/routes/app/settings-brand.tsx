import { Alert, Card, Skeleton, Text } from '@mantine/core';
import { planHas, planRefusal } from '../../../../../shared/plan-refusal';
import { effectivePlan } from '../../../../../shared/subscription';
import { PageLoader } from '../../../components/page-loader';
import { PlanLockedCard } from '../../../components/plan-locked-card';
import { RecordPage } from '../../../components/records/record-page';
import { useMe } from '../../../features/account/api/get-me';
import { useBrand } from '../../../features/brand/api/brand-api';
import { BrandForm } from '../../../features/brand/components/brand-form';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/settings/brand` (issue 24): Enterprise white-labelling; other plans see it locked with the way up. */
export function BrandSettingsPage() {
  useDocumentTitle('Brand');
  const me = useMe();
  const plan = me.data ? effectivePlan(me.data.subscription) : null;
  const allowed = plan !== null && planHas(plan, 'whiteLabeling');
  const brand = useBrand(allowed);
  if (me.isPending) return <PageLoader />;
  if (me.isError) throw me.error;
  const editor = me.data.account?.role !== 'viewer' && me.data.account?.role !== 'support';
  return (
    <RecordPage
      title="Brand"
      descriptionWidth={720}
      description={
        <>
          Your crews see your name, logo and colour instead of Raincheck&apos;s on every notice, text,
          confirmation, details and unsubscribe page, and your team sees your logo in the app.
        </>
      }
    >
      {!allowed ? (
        <PlanLockedCard
          titleId="brand-locked-title"
          title="White labelling is locked"
          reason={planRefusal('whiteLabeling', plan!)}
        />
      ) : brand.isPending ? (
        <Skeleton h={320} aria-label="Loading your brand" />
      ) : brand.isError ? (
        <Alert color="red" role="alert">
          {friendlyErrorMessage(brand.error, 'Your brand could not be loaded.')}
        </Alert>
      ) : !editor ? (
        <Text size="sm">Only the owner or a manager can change the brand.</Text>
      ) : (
        <Card withBorder padding="lg" component="section">
          <BrandForm brand={brand.data} />
        </Card>
      )}
    </RecordPage>
  );
}
