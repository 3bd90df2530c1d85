import { Alert, Button, ColorInput, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  BRAND_LIMITS,
  DARK_TEXT,
  WHITE_TEXT,
  brandInputSchema,
  brandLook,
  checkBrandColour,
  contrastRatio,
  type Brand,
} from '../../../../../shared/brand';
import { BrandBand } from '../../../components/brand-band';
import { textField } from '../../../lib/form-errors';
import { useSchemaSubmit } from '../../../lib/use-schema-submit';
import { useSaveBrand } from '../api/brand-api';
import { LogoUpload, type LogoChoice } from './logo-upload';

const FIELDS = ['companyName', 'colour', 'footer', 'logoUrl', 'logoKey', 'logo'] as const;
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The white-labelling form: name, logo, colour (checked for contrast as one types) and footer. */
export function BrandForm({ brand }: { brand: Brand }) {
  const save = useSaveBrand();
  const [values, setValues] = useState({
    companyName: brand.companyName,
    colour: brand.colour,
    footer: brand.footer,
  });
  const set =
    <K extends keyof typeof values>(key: K) =>
    (value: (typeof values)[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const { companyName, colour, footer } = values;
  const [logo, setLogo] = useState<LogoChoice>({ key: null, previewUrl: brand.logoUrl });

  const { errors, saving, onSubmit } = useSchemaSubmit({
    schema: brandInputSchema,
    fields: FIELDS,
    values: () => ({
      companyName,
      colour,
      footer,
      logoUrl: logo.key ? null : logo.previewUrl,
      ...(logo.key ? { logoKey: logo.key } : {}),
    }),
    save: async (input) => {
      const saved = await save.mutateAsync(input);
      setLogo({ key: null, previewUrl: saved.logoUrl });
    },
    saved: () => 'Brand saved. Your crews will see it on their next notice.',
    failed: 'The brand could not be saved.',
  });

  const text = textField({ values, errors, set });
  const valid = HEX.test(colour);
  const check = valid ? checkBrandColour(colour.toLowerCase()) : null;
  const ratios = valid
    ? `White text ${contrastRatio(colour, WHITE_TEXT).toFixed(2)}:1, dark text ${contrastRatio(colour, DARK_TEXT).toFixed(2)}:1 (4.5:1 needed with one).`
    : 'A hex colour like #1d4ed8.';
  const preview =
    check?.ok && companyName.trim()
      ? brandLook({
          companyName: companyName.trim(),
          colour: colour.toLowerCase(),
          footer,
          logoUrl: logo.previewUrl,
        })
      : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Brand">
      <Stack gap="md" maw={560}>
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <TextInput
          label="Company name"
          description="Shown instead of Raincheck on notices, texts and the pages your crews open."
          maxLength={BRAND_LIMITS.companyName}
          required
          {...text('companyName')}
        />
        <LogoUpload
          currentUrl={brand.logoUrl}
          choice={logo}
          onChoice={setLogo}
          error={errors.logo ?? errors.logoKey ?? errors.logoUrl}
        />
        <ColorInput
          label="Brand colour"
          description={ratios}
          value={colour}
          onChange={set('colour')}
          format="hex"
          // Chrome-only and unnamed for screen readers: typing or the picker is enough.
          withEyeDropper={false}
          error={errors.colour ?? (check && !check.ok ? check.reason : undefined)}
          required
        />
        <Textarea
          label="Email footer"
          description="Plain text under every email your crews get: address, safety line, licence number."
          maxLength={BRAND_LIMITS.footer}
          autosize
          minRows={2}
          {...text('footer')}
        />
        {preview ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Preview
            </Text>
            <BrandBand brand={preview} />
          </Stack>
        ) : null}
        <Group>
          <Button type="submit" loading={saving}>
            Save brand
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
