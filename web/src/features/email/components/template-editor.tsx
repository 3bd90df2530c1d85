import { Alert, Button, Grid, Group, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { defaultTemplate } from '../../../../../shared/email/defaults';
import { PLACEHOLDERS, PLACEHOLDER_HELP, placeholderProblem } from '../../../../../shared/email/placeholders';
import { renderNotice } from '../../../../../shared/email/render';
import { sampleNoticeInput } from '../../../../../shared/email/sample';
import {
  EMAIL_AUDIENCES,
  EMAIL_AUDIENCE_LABEL,
  EMAIL_KINDS,
  EMAIL_KIND_LABEL,
  emailTemplateInputSchema,
  type EmailAudience,
  type EmailKind,
  type EmailTemplate,
  type EmailTemplateInput,
} from '../../../../../shared/email/template';
import { EmailPreview } from './email-preview';
import { ChoiceSelect, TextAreaField, TextField } from '../../../components/form-fields';

export interface TemplateEditorProps {
  /** The template being edited; absent for a new one. */
  template?: EmailTemplate | null;
  onSave: (input: EmailTemplateInput) => Promise<unknown>;
  onCancel: () => void;
  saving?: boolean;
  /** The server's answer when saving failed (e.g. a 409 for a pair that already has a template). */
  serverError?: string | null;
  /** The account's company and owner name: the preview shows them instead of the sample's. */
  account?: { company: string | null; name: string | null } | null;
}

const KIND_OPTIONS = EMAIL_KINDS.map((k) => ({ value: k, label: EMAIL_KIND_LABEL[k] }));
const AUDIENCE_OPTIONS = EMAIL_AUDIENCES.map((a) => ({ value: a, label: EMAIL_AUDIENCE_LABEL[a] }));

/**
 * The template form with a live preview: the same shared renderer the server sends with, fed the
 * same sample notice (with the account's own company and name), so the preview is the email.
 * Placeholders are checked as you type.
 */
export function TemplateEditor({
  template,
  onSave,
  onCancel,
  saving,
  serverError,
  account,
}: TemplateEditorProps) {
  const start = template ?? {
    name: '',
    kind: 'notice' as EmailKind,
    audience: 'worker' as EmailAudience,
    ...defaultTemplate('notice', 'worker'),
  };
  const [name, setName] = useState(start.name);
  const [kind, setKind] = useState<EmailKind>(start.kind);
  const [audience, setAudience] = useState<EmailAudience>(start.audience);
  const [subject, setSubject] = useState(start.subject);
  const [body, setBody] = useState(start.body);
  const [simulated, setSimulated] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const parsed = emailTemplateInputSchema.safeParse({ name, kind, audience, subject, body });
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;

  const deferred = useDeferredValue({ kind, audience, subject, body, simulated });
  const rendered = useMemo(() => {
    if (placeholderProblem(deferred.subject) || placeholderProblem(deferred.body)) return null;
    if (!deferred.subject.trim() || !deferred.body.trim()) return null;
    return renderNotice(
      sampleNoticeInput({
        kind: deferred.kind,
        audience: deferred.audience,
        template: { subject: deferred.subject, body: deferred.body },
        appOrigin: window.location.origin,
        simulated: deferred.simulated,
        account: account ?? null,
      }),
    );
  }, [deferred, account]);

  const insert = (placeholder: string) => {
    const el = bodyRef.current;
    const token = `{{${placeholder}}}`;
    if (!el) return setBody((b) => b + token);
    const { selectionStart, selectionEnd } = el;
    setBody((b) => b.slice(0, selectionStart) + token + b.slice(selectionEnd));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(selectionStart + token.length, selectionStart + token.length);
    });
  };

  const show = (field: string) =>
    submitted || field === 'subject' || field === 'body' ? errors[field] : undefined;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (parsed.success) void onSave(parsed.data);
      }}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <TextField
              label="Name"
              required
              value={name}
              onValueChange={setName}
              error={show('name')}
              description="For you only; recipients never see it."
            />
            <Group grow>
              <ChoiceSelect label="Kind" data={KIND_OPTIONS} value={kind} onValueChange={setKind} />
              <ChoiceSelect
                label="Audience"
                data={AUDIENCE_OPTIONS}
                value={audience}
                onValueChange={setAudience}
              />
            </Group>
            <TextField
              label="Subject"
              required
              value={subject}
              onValueChange={setSubject}
              error={show('subject')}
            />
            <TextAreaField
              label="Body"
              required
              ref={bodyRef}
              value={body}
              onValueChange={setBody}
              error={show('body')}
              autosize
              minRows={10}
              maxRows={24}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              description="Plain text. A blank line starts a new paragraph."
            />
            <Stack gap={4} aria-label="Placeholders">
              <Text size="sm" fw={600}>
                Placeholders (click to insert)
              </Text>
              <Group gap={6}>
                {PLACEHOLDERS.map((p) => (
                  <UnstyledButton
                    key={p}
                    type="button"
                    onClick={() => insert(p)}
                    title={PLACEHOLDER_HELP[p]}
                    aria-label={`Insert {{${p}}}: ${PLACEHOLDER_HELP[p]}`}
                    px={6}
                    py={2}
                    style={{
                      border: '1px solid var(--mantine-color-default-border)',
                      borderRadius: 4,
                      fontSize: 13,
                    }}
                  >
                    {`{{${p}}}`}
                  </UnstyledButton>
                ))}
              </Group>
            </Stack>
            {serverError ? (
              <Alert color="red" role="alert">
                {serverError}
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Button
                variant="subtle"
                type="button"
                onClick={() => {
                  const d = defaultTemplate(kind, audience);
                  setSubject(d.subject);
                  setBody(d.body);
                }}
              >
                Start from the default wording
              </Button>
              <Group gap="xs">
                <Button variant="default" type="button" onClick={onCancel}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving}>
                  {template ? 'Save changes' : 'Create template'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>Live preview (sample data)</Text>
              <Switch
                label="Simulated weather"
                checked={simulated}
                onChange={(e) => setSimulated(e.currentTarget.checked)}
              />
            </Group>
            {rendered ? (
              <EmailPreview rendered={rendered} label="Live preview" />
            ) : (
              <Alert color="yellow">Fix the subject and body to see the preview.</Alert>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
