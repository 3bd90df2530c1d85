import { Alert, Card, Skeleton, Stack, Title } from '@mantine/core';
import { useMe } from '../../../features/account/api/get-me';
import { useUpdateProfile } from '../../../features/account/api/update-profile';
import { AppearanceForm } from '../../../features/settings/components/appearance-form';
import { PasswordForm } from '../../../features/auth/components/password-form';
import { ProfileForm } from '../../../features/settings/components/profile-form';

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
  const me = useMe();
  const update = useUpdateProfile();
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
            {me.error.message}
          </Alert>
        ) : (
          <ProfileForm key={me.data.profile.userId} profile={me.data.profile} onSave={update.mutateAsync} />
        )}
      </Section>
      <Section id="settings-appearance" title="Appearance">
        <AppearanceForm />
      </Section>
      <Section id="settings-password" title="Password">
        <PasswordForm />
      </Section>
    </Stack>
  );
}
