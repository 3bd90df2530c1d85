import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BrandLook } from '../../../../shared/brand';
import { BrandBand } from '../../components/brand-band';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { Brand } from './brand';

/**
 * The frame of the pages a worker opens from a notice (unsubscribe, crew confirmation): the
 * contractor's brand when it has white-labelling (issue 24), else Raincheck's, and the theme toggle.
 */
export function WorkerPageFrame({
  brand,
  children,
}: {
  brand: BrandLook | null | undefined;
  children: ReactNode;
}) {
  return (
    <Container size={560} py={{ base: 'md', xs: 'xl' }} px="md">
      <Group justify="space-between" mb="lg" wrap="nowrap" align="center">
        <Box style={{ flex: 1, minWidth: 0 }}>
          {brand ? <BrandBand brand={brand} as="header" /> : <Brand />}
        </Box>
        <ColorSchemeToggle />
      </Group>
      {children}
    </Container>
  );
}
