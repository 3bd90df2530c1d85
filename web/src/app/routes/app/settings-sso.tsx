import { Code, Stack, Text } from '@mantine/core';
import { planHas, planRefusal } from '../../../../../shared/plan-refusal';
import { SSO_MESSAGES } from '../../../../../shared/sso';
import { effectivePlan } from '../../../../../shared/subscription';
import { PageLoader } from '../../../components/page-loader';
import { PlanLockedCard } from '../../../components/plan-locked-card';
import { RecordPage } from '../../../components/records/record-page';
import { RecordSection } from '../../../components/records/record-section';
import { useMe } from '../../../features/account/api/get-me';
import { useSsoSettings } from '../../../features/sso/api/sso-api';
import { SsoDomainsTable, SsoSettingsForm } from '../../../features/sso/components/sso-settings-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/settings/sso`: the owner's single sign-on (Enterprise); others see why it is locked. */
export function SsoSettingsPage() {
  useDocumentTitle('Single sign-on');
  const me = useMe();
  const plan = me.data ? effectivePlan(me.data.subscription) : 'none';
  const isOwner = me.data?.account?.role === 'owner';
  const allowed = planHas(plan, 'singleSignOn') && isOwner;
  const sso = useSsoSettings(allowed);
  if (me.isPending || (allowed && sso.isPending)) return <PageLoader />;
  if (me.isError) throw me.error;
  if (sso.isError) throw sso.error;
  return (
    <RecordPage
      title="Single sign-on"
      description={
        <>
          Your people sign in through your company&apos;s identity provider. Sign-in asks for the email first
          and sends addresses in your domains to the provider; as the owner you keep your password as a
          fallback if the provider is down.
        </>
      }
    >
      {!planHas(plan, 'singleSignOn') || !isOwner ? (
        <PlanLockedCard
          titleId="sso-locked-title"
          title="Single sign-on is locked"
          reason={planHas(plan, 'singleSignOn') ? SSO_MESSAGES.ownerOnly : planRefusal('singleSignOn', plan)}
          upgrade={planHas(plan, 'singleSignOn') ? null : 'See Enterprise'}
        />
      ) : (
        <>
          <RecordSection title="Identity provider">
            <SsoSettingsForm current={sso.data!} />
          </RecordSection>
          <RecordSection title="Domains">
            <Stack gap="sm">
              <Text size="sm">
                Prove each domain with a DNS TXT record, then save again. The value for this account is{' '}
                <Code style={{ wordBreak: 'break-all' }}>{sso.data!.verificationValue}</Code>.
              </Text>
              {sso.data!.configured ? (
                <Text size="sm">
                  Give your provider this redirect URL:{' '}
                  <Code style={{ wordBreak: 'break-all' }}>{sso.data!.callbackUrl}</Code>
                </Text>
              ) : null}
              <SsoDomainsTable view={sso.data!} />
            </Stack>
          </RecordSection>
        </>
      )}
    </RecordPage>
  );
}
