import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES, ANALYTICS_MESSAGES } from '../../../../../shared/messages';
import { useMe } from '../../../features/account/api/get-me';
import { useUpdateProfile } from '../../../features/account/api/update-profile';
import { useUpdateQuietHours } from '../../../features/account/api/update-quiet-hours';
import { AppearanceForm } from '../../../features/settings/components/appearance-form';
import { PasswordForm } from '../../../features/auth/components/password-form';
import { ProfileForm } from '../../../features/settings/components/profile-form';
import { useExportAccount } from '../../../features/settings/api/export-account';
import { QuietHoursForm } from '../../../features/settings/components/quiet-hours-form';
import { jobsiteRecords } from '../../../features/jobsites/api/jobsites-api';
import { HolidayCalendarSection } from '../../../features/settings/components/holiday-calendar-form';
import { TwoFactorSection } from '../../../features/account/components/two-factor-section';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SupportAccessSection } from '../../../features/support/components/support-access-section';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function SettingsPage() {
  useDocumentTitle('Settings');
  const me = useMe();
  const update = useUpdateProfile();
  const exportData = useExportAccount();

  const updateQuiet = useUpdateQuietHours();
  // Active jobsites' notice times: the quiet-hours form warns which of them would wait.
  const jobsites = jobsiteRecords.useAll();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Settings
      </Title>
      <Section id="settings-profile" title="Profile">
        {me.isPending ? (
          <Skeleton h={200} aria-label="Loading your profile" />
        ) : me.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{friendlyErrorMessage(me.error, ACCOUNT_MESSAGES.profileLoadFailed)}</Text>
              <Button size="xs" variant="default" onClick={() => void me.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : (
          <ProfileForm key={me.data.profile.userId} profile={me.data.profile} onSave={update.mutateAsync} />
        )}
      </Section>
      {me.data ? (
        <Section id="settings-quiet-hours" title="Quiet hours">
          <QuietHoursForm
            key={me.data.profile.userId}
            quietHours={me.data.profile.quietHours}
            jobsites={jobsites.data?.filter((j) => j.active)}
            onSave={updateQuiet.mutateAsync}
          />
        </Section>
      ) : null}
      <Section id="settings-holidays" title="Holidays">
        <HolidayCalendarSection />
      </Section>
      <Section id="settings-support-access" title="Support access">
        <SupportAccessSection />
      </Section>
      <Section id="settings-appearance" title="Appearance">
        <AppearanceForm />
      </Section>
      <Section id="settings-password" title="Password">
        <PasswordForm />
      </Section>
      {me.data ? (
        <Section id="settings-two-factor" title="Two-factor authentication">
          <TwoFactorSection email={me.data.profile.email} />
        </Section>
      ) : null}
      <Section id="settings-api" title="API keys and webhooks">
        <Text size="sm">
          Connect your own tools to Raincheck (Enterprise):{' '}
          <Anchor component={Link} to="/settings/api" underline="always">
            manage API keys
          </Anchor>{' '}
          for the API, or{' '}
          <Anchor component={Link} to="/settings/webhooks" underline="always">
            add webhooks
          </Anchor>{' '}
          to be told of notices, confirmations and ledger marks as they happen.
        </Text>
      </Section>
      <Section id="settings-brand" title="Brand">
        <Text size="sm">
          Put your company&apos;s name, logo and colour on everything your crews see (Enterprise):{' '}
          <Anchor component={Link} to="/settings/brand" underline="always">
            set your brand
          </Anchor>
          .
        </Text>
      </Section>
      <Section id="settings-data" title="Your data">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Download everything stored for your account as one JSON file: profile, subscription and billing
            history, clients, crews, workers, jobsites, email templates, every weather decision with your
            &quot;worked&quot; marks, and every notice with its delivery status.
          </Text>
          <Button variant="default" loading={exportData.isPending} onClick={() => exportData.mutate()}>
            Download my data (JSON)
          </Button>
          {exportData.isError ? (
            <Text c="red" size="sm" role="alert">
              {friendlyErrorMessage(exportData.error, ANALYTICS_MESSAGES.exportFailed)}
            </Text>
          ) : null}
        </Stack>
      </Section>
    </Stack>
  );
}
