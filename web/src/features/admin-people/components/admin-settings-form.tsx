import { ActionIcon, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { AdminSettings, AdminSettingsInput } from '../../../../../shared/admin';
import type { NoticeTime } from '../../../../../shared/notice-slots';
import { SCHEDULES } from '../../../../../shared/schedules';
import { ChoiceSelect, FormErrorAlert } from '../../../components/form-fields';
import { submitErrors, useFocusFirstInvalid, type FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useAdminSettings, useSaveAdminSettings } from '../api/admin-settings';
import { QueryError } from '../../../components/records/query-state';

const QUARTER_HOURS = Array.from({ length: 96 }, (_, i) => {
  const value = `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
  return { value, label: value };
});
const FOR_DAY = [
  { value: 'next', label: 'about the next working day' },
  { value: 'same', label: 'about the same day' },
];
const FIELDS = ['senderName', 'replyTo', 'defaultNoticeTimes'];

function draftOf(s: AdminSettings): AdminSettingsInput {
  return {
    senderName: s.senderName,
    replyTo: s.replyTo,
    defaultNoticeTimes: s.defaultNoticeTimes.map((n) => ({ ...n })),
  };
}

/** /admin/settings: the email sender, new jobsites' notice times, and the dispatch cadence (read-only). */
export function AdminSettingsForm() {
  const settings = useAdminSettings();
  const save = useSaveAdminSettings();
  const [draft, setDraft] = useState<AdminSettingsInput | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();

  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  if (settings.isPending) return <Skeleton h={420} />;
  if (settings.isError || !draft) {
    return (
      <QueryError
        title="The settings could not be loaded"
        error={settings.error}
        fallback="Try again in a moment."
        onRetry={() => void settings.refetch()}
      />
    );
  }

  const setTime = (index: number, patch: Partial<NoticeTime>) =>
    setDraft({
      ...draft,
      defaultNoticeTimes: draft.defaultNoticeTimes.map((n, i) => (i === index ? { ...n, ...patch } : n)),
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success('Settings saved.');
      },
      onError: (err) => {
        const split = submitErrors(err, (path) => FIELDS.some((f) => path === f || path.startsWith(`${f}.`)));
        setErrors(split.fields);
        setFormError(split.form);
        focusFirstInvalid();
      },
    });
  };

  const timesError = Object.entries(errors).find(([path]) => path.startsWith('defaultNoticeTimes'))?.[1];
  const saved = settings.data;
  const cadence = SCHEDULES.find((s) => s.entry === 'dispatch');

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="Admin settings" noValidate>
      <Stack gap="lg" maw={720}>
        <FormErrorAlert message={formError} />
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Email sender
            </Title>
            <TextInput
              label="From address"
              description="Set by the deployment (the SES identity, MAIL_FROM); change it there."
              value={saved.fromAddress}
              readOnly
              variant="filled"
            />
            <TextInput
              label="Sender name"
              description="The name recipients see beside the From address, on notices and account emails alike (within a minute of saving)."
              required
              value={draft.senderName}
              onChange={(e) => setDraft({ ...draft, senderName: e.currentTarget.value })}
              error={errors.senderName}
              maxLength={64}
            />
            <TextInput
              label="Reply-to address"
              description="Where replies go. Leave empty to use the From address."
              type="email"
              value={draft.replyTo}
              onChange={(e) => setDraft({ ...draft, replyTo: e.currentTarget.value })}
              error={errors.replyTo}
            />
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="md">
            <div>
              <Title order={2} size="h4">
                Default notice times
              </Title>
              <Text size="sm" c="dimmed">
                What a new jobsite starts with, in the jobsite's own timezone. Existing jobsites keep their
                own times.
              </Text>
            </div>
            {draft.defaultNoticeTimes.map((n, i) => (
              <Group key={i} gap="xs" align="flex-end" wrap="wrap">
                <ChoiceSelect
                  label={`Notice ${i + 1} time`}
                  data={QUARTER_HOURS}
                  value={n.time}
                  onValueChange={(v) => setTime(i, { time: v })}
                  searchable
                  w={120}
                  error={errors[`defaultNoticeTimes.${i}.time`]}
                />
                <ChoiceSelect
                  label={`Notice ${i + 1} is`}
                  data={FOR_DAY}
                  value={n.forDay}
                  onValueChange={(v) => setTime(i, { forDay: v })}
                  w={240}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={`Remove notice ${i + 1}`}
                  disabled={draft.defaultNoticeTimes.length <= 1}
                  onClick={() =>
                    setDraft({
                      ...draft,
                      defaultNoticeTimes: draft.defaultNoticeTimes.filter((_, j) => j !== i),
                    })
                  }
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            {timesError ? (
              <Text size="sm" c="red" role="alert">
                {timesError}
              </Text>
            ) : null}
            <Button
              variant="default"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              disabled={draft.defaultNoticeTimes.length >= 6}
              onClick={() =>
                setDraft({
                  ...draft,
                  defaultNoticeTimes: [...draft.defaultNoticeTimes, { time: '06:00', forDay: 'same' }],
                })
              }
            >
              Add a notice time
            </Button>
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Dispatch cadence
            </Title>
            <Text size="sm">
              The dispatch runs every <strong>{cadence?.rateMinutes ?? 15} minutes</strong>. Each run finds
              the jobsites whose notice time falls in that quarter hour (in each jobsite's timezone), checks
              the forecast and emails only what changed. That is why notice times are on the quarter hour.
            </Text>
            <Text size="xs" c="dimmed">
              Set in code (shared/schedules.ts), read by the deployment's schedule and the local scheduler
              alike; it cannot be changed here.
            </Text>
          </Stack>
        </Card>

        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed" data-testid="settings-audit">
            {saved.updatedAt
              ? `Last changed by ${saved.updatedBy} on ${new Date(saved.updatedAt).toLocaleString()}`
              : 'Never changed: these are the product defaults.'}
          </Text>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
