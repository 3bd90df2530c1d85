import { Alert, Button, Code, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  ACCOUNT_EMAIL_KINDS,
  ACCOUNT_EMAIL_LABEL,
  adminTestSendSchema,
  type AdminTestPreviewRequest,
  type AdminTestSample,
} from '../../../../../shared/email/admin-test';
import {
  EMAIL_AUDIENCE_LABEL,
  EMAIL_KIND_LABEL,
  EMAIL_AUDIENCES,
  EMAIL_KINDS,
} from '../../../../../shared/email/template';
import { ApiError } from '../../../lib/api-client';
import { useAdminTestSend } from '../api/email-testing';
import { ChoiceSelect, TextField } from '../../../components/form-fields';

const TEMPLATE_OPTIONS = [
  {
    group: 'Notices',
    items: [
      { value: 'default', label: 'Default notice wording' },
      { value: 'custom', label: "An account's own template (by id)" },
    ],
  },
  {
    group: 'Account emails',
    items: ACCOUNT_EMAIL_KINDS.map((k) => ({ value: k, label: ACCOUNT_EMAIL_LABEL[k] })),
  },
];

const VERDICTS = [
  { value: 'full', label: 'Full-day delay' },
  { value: 'partial', label: 'Partial delay' },
  { value: 'none', label: 'No delay' },
];

type Errors = Record<string, string>;

/**
 * The admin's test message: which template, the sample data and the address. Controlled: the page
 * owns the request (the live preview renders it) and this form sends it through the real path.
 */
export function EmailTestForm({
  value,
  onChange,
}: {
  value: AdminTestPreviewRequest;
  onChange: (next: AdminTestPreviewRequest) => void;
}) {
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const send = useAdminTestSend();
  const isNotice = value.template === 'default' || value.template === 'custom';
  const set = (patch: Partial<AdminTestPreviewRequest>) => onChange({ ...value, ...patch });
  const setSample = (patch: Partial<AdminTestSample>) => set({ sample: { ...value.sample, ...patch } });
  const err = (...path: string[]) => errors[path.join('.')];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminTestSendSchema.safeParse({ ...value, to });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      else if (error instanceof ApiError && error.fields) setErrors(error.fields);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label="Test email">
      <Stack gap="md">
        <ChoiceSelect
          label="Template"
          data={TEMPLATE_OPTIONS}
          value={value.template}
          onValueChange={(v) => set({ template: v })}
          error={err('template')}
        />
        {value.template === 'custom' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Account id"
              description="The account owner's user id"
              value={value.tenantId ?? ''}
              onChange={(e) => set({ tenantId: e.currentTarget.value })}
              error={err('tenantId')}
            />
            <TextInput
              label="Template id"
              value={value.templateId ?? ''}
              onChange={(e) => set({ templateId: e.currentTarget.value })}
              error={err('templateId')}
            />
          </SimpleGrid>
        ) : null}
        {value.template === 'default' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChoiceSelect
              label="Kind"
              data={EMAIL_KINDS.map((k) => ({ value: k, label: EMAIL_KIND_LABEL[k] }))}
              value={value.kind}
              onValueChange={(v) => set({ kind: v })}
              error={err('kind')}
            />
            <ChoiceSelect
              label="Audience"
              data={EMAIL_AUDIENCES.map((a) => ({ value: a, label: EMAIL_AUDIENCE_LABEL[a] }))}
              value={value.audience}
              onValueChange={(v) => set({ audience: v })}
              error={err('audience')}
            />
          </SimpleGrid>
        ) : null}
        {isNotice ? (
          <Stack gap="sm">
            <Text fw={600} size="sm">
              Sample data
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Jobsite"
                value={value.sample.jobsiteName}
                onChange={(e) => setSample({ jobsiteName: e.currentTarget.value })}
                error={err('sample', 'jobsiteName')}
              />
              <TextInput
                label="Date"
                type="date"
                value={value.sample.date}
                onChange={(e) => setSample({ date: e.currentTarget.value })}
                error={err('sample', 'date')}
              />
              <ChoiceSelect
                label="Verdict"
                data={VERDICTS}
                value={value.sample.verdict}
                onValueChange={(v) => setSample({ verdict: v })}
                error={err('sample', 'verdict')}
              />
              <NumberInput
                label="Hours lost"
                min={0}
                max={24}
                allowDecimal={false}
                value={value.sample.hoursLost}
                onChange={(v) => setSample({ hoursLost: typeof v === 'number' ? v : 0 })}
                error={err('sample', 'hoursLost')}
              />
              <TextInput
                label="Working hours start"
                type="time"
                value={value.sample.start}
                onChange={(e) => setSample({ start: e.currentTarget.value })}
                error={err('sample', 'start')}
              />
              <TextInput
                label="Working hours end"
                type="time"
                value={value.sample.end}
                onChange={(e) => setSample({ end: e.currentTarget.value })}
                error={err('sample', 'end')}
              />
            </SimpleGrid>
            <TextInput
              label="Reason"
              value={value.sample.reason}
              onChange={(e) => setSample({ reason: e.currentTarget.value })}
              error={err('sample', 'reason')}
            />
          </Stack>
        ) : null}
        <TextField
          label="Recipient address"
          type="email"
          autoComplete="off"
          value={to}
          onValueChange={setTo}
          error={err('to')}
          description="Any address. The subject starts with [Test]."
        />
        {send.isError && !(send.error instanceof ApiError && (send.error.field || send.error.fields)) ? (
          <Alert color="red" role="alert">
            {send.error.message}
          </Alert>
        ) : null}
        {send.isSuccess ? (
          <Alert color="teal" role="status">
            {/* No coloured title: teal on its light tint falls short of 4.5:1. */}
            <Text size="sm" fw={600}>
              Sent through SES
            </Text>
            <Text size="sm">
              To {send.data.to}: “{send.data.subject}”
            </Text>
            <Text size="sm">
              SES message id: <Code>{send.data.messageId}</Code>
            </Text>
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
