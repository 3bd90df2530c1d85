import { Group, Stack, Text, TextInput } from '@mantine/core';
import { FormSection } from '../../../components/records/record-form';
import type { SectionProps } from './jobsite-form-values';

/**
 * Whom a worker reading a notice calls about the site. Every notice and its details page name them;
 * left empty, notices name the jobsite's manager (a recipient marked manager), else the account owner.
 */
export function JobsiteContactSection({ form }: { form: SectionProps }) {
  const { values, set, err } = form;
  return (
    <FormSection legend="Site contact">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Named with a phone number in every notice. Leave empty to use the jobsite&apos;s manager.
        </Text>
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Contact name"
            name="siteContactName"
            autoComplete="off"
            value={values.siteContactName}
            onChange={(e) => set('siteContactName')(e.currentTarget.value)}
            error={err('siteContact.name')}
            style={{ flex: '1 1 14rem' }}
          />
          <TextInput
            label="Contact phone"
            name="siteContactPhone"
            type="tel"
            autoComplete="off"
            inputMode="tel"
            value={values.siteContactPhone}
            onChange={(e) => set('siteContactPhone')(e.currentTarget.value)}
            error={err('siteContact.phone', 'siteContact')}
            style={{ flex: '1 1 12rem' }}
          />
        </Group>
      </Stack>
    </FormSection>
  );
}
