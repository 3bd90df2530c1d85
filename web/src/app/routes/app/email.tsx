import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PLANS, withinLimit } from '../../../../../shared/plans';
import { effectivePlan } from '../../../../../shared/subscription';
import type { EmailTemplate, EmailTemplateInput } from '../../../../../shared/email/template';
import { useMe } from '../../../features/account/api/get-me';
import {
  useCreateEmailTemplate,
  useDeleteEmailTemplate,
  useEmailTemplates,
  useSendTestEmail,
  useUpdateEmailTemplate,
} from '../../../features/email/api/email-templates';
import { SendHistory } from '../../../features/email/components/send-history';
import { TemplateEditor } from '../../../features/email/components/template-editor';
import { TemplateList } from '../../../features/email/components/template-list';
import { toast } from '../../../lib/toast';
import { RecentConfirmations } from '../../../features/confirmations/components/confirmation-lines';
import { RecordSection } from '../../../components/records/record-section';

type Editing = { mode: 'new' } | { mode: 'edit'; template: EmailTemplate } | null;

/** `/email`: the account's templates (within the plan's limit), a live-preview editor, tests and the send history. */
export function EmailPage() {
  const me = useMe();
  const templates = useEmailTemplates();
  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const remove = useDeleteEmailTemplate();
  const sendTest = useSendTestEmail();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const [sendingId, setSendingId] = useState<string | null>(null);

  const plan = me.data ? effectivePlan(me.data.subscription) : 'none';
  const limit = PLANS[plan].features.maxEmailTemplates;
  const count = templates.data?.items.length ?? 0;
  const canAdd = withinLimit(limit, count);
  const noun = (n: number) => (n === 1 ? 'template' : 'templates');
  const planLabel = plan === 'none' ? 'no plan' : `the ${PLANS[plan].name} plan`;
  const usage =
    limit === null
      ? `${count} ${noun(count)} (unlimited on ${planLabel})`
      : `${count} of ${limit} ${noun(limit)} on ${planLabel}`;

  const save = async (input: EmailTemplateInput) => {
    try {
      if (editing?.mode === 'edit') await update.mutateAsync({ id: editing.template.id, patch: input });
      else await create.mutateAsync(input);
      toast.success(editing?.mode === 'edit' ? 'Template saved' : 'Template created');
      setEditing(null);
    } catch {
      // The error is shown in the editor.
    }
  };

  const test = async (request: { templateId?: string }) => {
    setSendingId(request.templateId ?? 'default');
    try {
      const result = await sendTest.mutateAsync(request);
      toast.success(`A test was sent to ${result.to}.`);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setSendingId(null);
    }
  };

  const saveError = (editing?.mode === 'edit' ? update.error : create.error)?.message ?? null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Email
      </Title>
      <RecordSection
        titleGap="md"
        id="email-templates"
        title="Templates"
        actions={
          editing ? null : (
            <Group gap="xs">
              <Button variant="default" onClick={() => void test({})} loading={sendingId === 'default'}>
                Send a test to me
              </Button>
              <Button
                onClick={() => {
                  create.reset();
                  setEditing({ mode: 'new' });
                }}
                disabled={!canAdd || templates.isPending}
              >
                New template
              </Button>
            </Group>
          )
        }
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {templates.isPending || me.isPending ? 'Counting templates…' : usage}
            {!canAdd && !editing ? '. Delete one or upgrade your plan to add another.' : ''}
          </Text>
          {editing ? (
            <TemplateEditor
              key={editing.mode === 'edit' ? editing.template.id : 'new'}
              template={editing.mode === 'edit' ? editing.template : null}
              account={me.data?.profile ?? null}
              onSave={save}
              onCancel={() => setEditing(null)}
              saving={create.isPending || update.isPending}
              serverError={saveError}
            />
          ) : templates.isPending ? (
            <Skeleton h={120} aria-label="Loading templates" />
          ) : templates.isError ? (
            <Alert color="red" role="alert">
              {templates.error.message}
            </Alert>
          ) : templates.data.items.length === 0 ? (
            <Text>
              No templates yet: every notice uses Raincheck's default wording. Create one to use your own
              words for a kind of message and an audience.
            </Text>
          ) : (
            <TemplateList
              templates={templates.data.items}
              onEdit={(template) => {
                update.reset();
                setEditing({ mode: 'edit', template });
              }}
              onDelete={setDeleting}
              onSendTest={(t) => void test({ templateId: t.id })}
              sendingId={sendingId}
            />
          )}
        </Stack>
      </RecordSection>
      <RecordSection titleGap="md" id="email-history" title="Send history">
        <SendHistory />
      </RecordSection>
      <RecordSection titleGap="md" id="confirmation-history" title="Crew confirmations">
        <RecentConfirmations />
      </RecordSection>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete template?" centered>
        <Stack>
          <Text>Delete “{deleting?.name}”? Its kind and audience go back to the default wording.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={async () => {
                if (!deleting) return;
                try {
                  await remove.mutateAsync(deleting.id);
                  toast.success('Template deleted');
                  setDeleting(null);
                } catch (error) {
                  toast.error((error as Error).message);
                }
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
