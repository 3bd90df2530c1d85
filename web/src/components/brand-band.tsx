import { Box, Group, Image, Text } from '@mantine/core';
import type { BrandLook } from '../../../shared/brand';

/**
 * A white-labelled account's band (issue 24): its logo and name on its colour, with the text colour
 * that reaches 4.5:1 on it. The public pages a worker opens and the settings preview draw this.
 */
export function BrandBand({ brand, as = 'div' }: { brand: BrandLook; as?: 'div' | 'header' }) {
  return (
    <Box
      component={as}
      data-testid="brand-band"
      px="md"
      py="sm"
      style={{ background: brand.colour, color: brand.onColour, borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap="sm" wrap="nowrap">
        {brand.logoUrl ? (
          <Image
            src={brand.logoUrl}
            alt={`${brand.companyName} logo`}
            h={40}
            w="auto"
            maw={160}
            fit="contain"
            bg="white"
            p={4}
            radius="sm"
          />
        ) : null}
        <Text fw={700} size="lg" c="inherit" style={{ overflowWrap: 'anywhere' }}>
          {brand.companyName}
        </Text>
      </Group>
    </Box>
  );
}
