import { Badge, Button, Group, Table, Text } from '@mantine/core';
import {
  EMAIL_AUDIENCE_LABEL,
  EMAIL_KIND_LABEL,
  type EmailTemplate,
} from '../../../../../shared/email/template';
import { DataTable } from '../../../components/data-table';

export interface TemplateListProps {
  templates: EmailTemplate[];
  onEdit: (template: EmailTemplate) => void;
  onDelete: (template: EmailTemplate) => void;
  onSendTest: (template: EmailTemplate) => void;
  /** The id whose test is being sent, to show progress on that row. */
  sendingId?: string | null;
}

/** The account's templates; each replaces the default wording for its kind and audience. */
export function TemplateList({ templates, onEdit, onDelete, onSendTest, sendingId }: TemplateListProps) {
  return (
    <DataTable
      minWidth={640}
      verticalSpacing="sm"
      highlightOnHover
      caption="Kinds and audiences without a template here use Raincheck's default wording."
      headers={['Name', 'For', 'Subject']}
      actions="Actions"
    >
      {templates.map((t) => (
        <Table.Tr key={t.id}>
          <Table.Td>
            <Text fw={500}>{t.name}</Text>
          </Table.Td>
          <Table.Td>
            <Group gap={4}>
              <Badge variant="light">{EMAIL_KIND_LABEL[t.kind]}</Badge>
              <Badge variant="outline">{EMAIL_AUDIENCE_LABEL[t.audience]}</Badge>
            </Group>
          </Table.Td>
          <Table.Td>
            <Text size="sm" lineClamp={1}>
              {t.subject}
            </Text>
          </Table.Td>
          <Table.Td>
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Button size="xs" variant="subtle" onClick={() => onEdit(t)} aria-label={`Edit ${t.name}`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => onSendTest(t)}
                loading={sendingId === t.id}
                aria-label={`Send a test of ${t.name} to me`}
              >
                Send a test to me
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onDelete(t)}
                aria-label={`Delete ${t.name}`}
              >
                Delete
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
