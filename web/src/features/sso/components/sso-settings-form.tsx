import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { putSsoSchema, type SsoDefaultRole, type SsoType, type SsoView } from '../../../../../shared/sso';
import { FormErrorAlert } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api-client';
import { friendlyErrorMessage } from '../../../lib/error-message';
import { textField, zodFieldErrors } from '../../../lib/form-errors';
import { useSaveSso } from '../api/sso-api';

const FIELDS = [
  'type',
  'issuerUrl',
  'clientId',
  'clientSecret',
  'metadataUrl',
  'metadataXml',
  'domains',
  'defaultRole',
];

/** The owner registers the company's provider (OIDC or SAML 2.0) and the email domains it owns. */
export function SsoSettingsForm({ current }: { current: SsoView }) {
  const save = useSaveSso();
  const saved = current.configured ? current : null;
  // Secrets and metadata XML are never sent back: their fields start empty ("leave empty to keep it").
  const [values, setValues] = useState(() => ({
    type: (saved?.type ?? 'oidc') as SsoType,
    issuerUrl: saved?.issuerUrl ?? '',
    clientId: saved?.clientId ?? '',
    clientSecret: '',
    metadataUrl: saved?.metadataUrl ?? '',
    metadataXml: '',
    domains: saved?.domains.map((d) => d.domain).join('\n') ?? '',
    defaultRole: (saved?.defaultRole ?? 'viewer') as SsoDefaultRole,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    <K extends keyof typeof values>(key: K) =>
    (value: (typeof values)[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const text = textField({ values, errors, set });
  const { type, issuerUrl, clientId, clientSecret, metadataUrl, metadataXml, domains, defaultRole } = values;

  // Set before the first await: the mutation's pending state re-renders the button after a fast second click.
  const inFlight = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const domainList = domains
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    const body =
      type === 'oidc'
        ? {
            type,
            issuerUrl,
            clientId,
            ...(clientSecret ? { clientSecret } : {}),
            domains: domainList,
            defaultRole,
          }
        : {
            type,
            ...(metadataUrl ? { metadataUrl } : {}),
            ...(metadataXml ? { metadataXml } : {}),
            domains: domainList,
            defaultRole,
          };
    const parsed = putSsoSchema.safeParse(body);
    if (!parsed.success) {
      // A domain's own problem is shown on the one domains field.
      const found = zodFieldErrors(parsed.error);
      const shown: Record<string, string> = {};
      for (const [path, message] of Object.entries(found)) shown[path.split('.')[0]!] ??= message;
      return setErrors(shown);
    }
    setErrors({});
    inFlight.current = true;
    try {
      await save.mutateAsync(parsed.data);
      set('clientSecret')('');
    } catch (err) {
      const field = err instanceof ApiError && err.field && FIELDS.includes(err.field) ? err.field : 'form';
      setErrors({ [field]: friendlyErrorMessage(err, 'Single sign-on could not be saved.') });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Single sign-on provider">
      <Stack gap="md">
        <FormErrorAlert title="Could not save" message={errors.form} />
        <Radio.Group
          label="Provider type"
          value={type}
          onChange={(v) => set('type')(v as SsoType)}
          error={errors.type}
        >
          <Group mt="xs">
            <Radio value="oidc" label="OpenID Connect" />
            <Radio value="saml" label="SAML 2.0" />
          </Group>
        </Radio.Group>
        {type === 'oidc' ? (
          <>
            <TextInput
              label="Issuer URL"
              description="From your provider, e.g. https://login.example.com"
              required
              {...text('issuerUrl')}
            />
            <TextInput label="Client ID" required {...text('clientId')} />
            <PasswordInput
              label="Client secret"
              description={
                saved?.hasClientSecret
                  ? 'A secret is saved and never shown. Leave empty to keep it.'
                  : 'Stored with the identity provider, never shown again.'
              }
              {...text('clientSecret')}
              autoComplete="off"
              required={!saved?.hasClientSecret}
            />
          </>
        ) : (
          <>
            <TextInput label="Metadata URL" {...text('metadataUrl')} />
            <Textarea
              label="Or metadata XML"
              description={
                saved?.hasMetadataXml ? 'Metadata XML is saved. Paste new XML to replace it.' : undefined
              }
              {...text('metadataXml')}
              autosize
              minRows={3}
              maxRows={8}
            />
          </>
        )}
        <Textarea
          label="Email domains"
          description="One per line. People with these addresses sign in through this provider."
          {...text('domains')}
          autosize
          minRows={2}
          required
        />
        <Select
          label="Role of a person's first sign-in"
          data={[
            { value: 'viewer', label: 'Viewer' },
            { value: 'manager', label: 'Manager' },
          ]}
          value={defaultRole}
          onChange={(v) => v && set('defaultRole')(v as SsoDefaultRole)}
          error={errors.defaultRole}
          allowDeselect={false}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save single sign-on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Each domain's proof: the TXT record to publish, and whether it was found (a list: it reads on a phone). */
export function SsoDomainsTable({ view }: { view: SsoView }) {
  if (!view.configured || view.domains.length === 0) return null;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Domains">
      {view.domains.map((d) => (
        <Card component="li" key={d.domain} withBorder padding="sm" aria-label={d.domain}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} style={{ wordBreak: 'break-all' }}>
                {d.domain}
              </Text>
              <Badge color={d.verified ? 'green' : 'yellow'} variant="light" style={{ flexShrink: 0 }}>
                {d.verified ? 'Verified' : 'Waiting for DNS'}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              TXT record name
            </Text>
            <Code style={{ wordBreak: 'break-all' }}>{d.txtName}</Code>
            <Text size="xs" c="dimmed">
              Value
            </Text>
            <Code style={{ wordBreak: 'break-all' }}>{d.txtValue}</Code>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
