import { Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES, ANALYTICS_MESSAGES } from '../../../../../shared/messages';
import type { MeResponse } from '../../../../../shared/account';
import { useMe } from '../../../features/account/api/get-me';
import { useUpdateProfile, useUpdateQuietHours } from '../../../features/account/api/update-profile';
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
import { QueryError } from '../../../components/records/query-state';
import { RecordSection } from '../../../components/records/record-section';
import { PAGE_TITLE_SIZE } from '../../../components/heading-size';

/** The sections that read and save on their own, in the page's order (after profile and quiet hours). */
const SELF_CONTAINED_SECTIONS: { id: string; title: string; Body: ComponentType }[] = [
  { id: 'settings-holidays', title: 'Holidays', Body: HolidayCalendarSection },
  { id: 'settings-support-access', title: 'Support access', Body: SupportAccessSection },
  { id: 'settings-appearance', title: 'Appearance', Body: AppearanceForm },
  { id: 'settings-password', title: 'Password', Body: PasswordForm },
];

/** A signed-in member who is not the account's owner sets only their own name (issue 22). */
const isMember = (me: MeResponse): boolean => !!me.account && me.account.role !== 'owner';

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
      <Title order={1} size="h2" style={PAGE_TITLE_SIZE}>
        Settings
      </Title>
      <RecordSection titleGap="md" id="settings-profile" title="Profile">
        {me.isPending ? (
          <Skeleton h={200} aria-label="Loading your profile" />
        ) : me.isError ? (
          <QueryError
            inline
            error={me.error}
            fallback={ACCOUNT_MESSAGES.profileLoadFailed}
            onRetry={() => void me.refetch()}
          />
        ) : (
          <ProfileForm
            key={me.data.profile.userId}
            profile={me.data.profile}
            onSave={update.mutateAsync}
            self={
              me.data.account
                ? { email: me.data.account.email, name: me.data.account.name ?? null }
                : undefined
            }
            member={isMember(me.data)}
          />
        )}
      </RecordSection>
      {me.data ? (
        <RecordSection titleGap="md" id="settings-quiet-hours" title="Quiet hours">
          <QuietHoursForm
            key={me.data.profile.userId}
            quietHours={me.data.profile.quietHours}
            jobsites={jobsites.data?.filter((j) => j.active)}
            onSave={updateQuiet.mutateAsync}
          />
        </RecordSection>
      ) : null}
      {SELF_CONTAINED_SECTIONS.map(({ id, title, Body }) => (
        <RecordSection key={id} titleGap="md" id={id} title={title}>
          <Body />
        </RecordSection>
      ))}
      {me.data ? (
        <RecordSection titleGap="md" id="settings-two-factor" title="Two-factor authentication">
          <TwoFactorSection email={me.data.profile.email} />
        </RecordSection>
      ) : null}
      <RecordSection titleGap="md" id="settings-api" title="API keys and webhooks">
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
      </RecordSection>
      <RecordSection titleGap="md" id="settings-sso" title="Single sign-on">
        <Text size="sm">
          Let your people sign in through your company&apos;s identity provider (Enterprise):{' '}
          <Anchor component={Link} to="/settings/sso" underline="always">
            set up single sign-on
          </Anchor>
          .
        </Text>
      </RecordSection>
      <RecordSection titleGap="md" id="settings-brand" title="Brand">
        <Text size="sm">
          Put your company&apos;s name, logo and colour on everything your crews see (Enterprise):{' '}
          <Anchor component={Link} to="/settings/brand" underline="always">
            set your brand
          </Anchor>
          .
        </Text>
      </RecordSection>
      <RecordSection titleGap="md" id="settings-data" title="Your data">
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
      </RecordSection>
    </Stack>
  );
}
