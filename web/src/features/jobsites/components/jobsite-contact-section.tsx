import { Group, Stack, Text, TextInput } from '@mantine/core';
import { FormSection } from '../../../components/records/record-form';
import { textField } from '../../../lib/form-errors';
import type { SectionProps } from './jobsite-form-values';

/**
 * Whom a worker reading a notice calls about the site. Every notice and its details page name them;
 * left empty, notices name the jobsite's manager (a recipient marked manager), else the account owner.
 */
export function JobsiteContactSection({ form }: { form: SectionProps }) {
  const { err } = form;
  const text = textField(form);
  return (
    <FormSection legend="Site contact">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Named with a phone number in every notice. Leave empty to use the jobsite&apos;s manager.
        </Text>
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Contact name"
            autoComplete="off"
            {...text('siteContactName')}
            error={err('siteContact.name')}
            style={{ flex: '1 1 14rem' }}
          />
          <TextInput
            label="Contact phone"
            type="tel"
            autoComplete="off"
            inputMode="tel"
            {...text('siteContactPhone')}
            error={err('siteContact.phone', 'siteContact')}
            style={{ flex: '1 1 12rem' }}
          />
        </Group>
      </Stack>
    </FormSection>
  );
}
