import { Container, Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { Brand } from './brand';

/** Sign-in, registration and password recovery: one centered card. */
export function AuthLayout() {
  return (
    <Container size={460} py="xl">
      <Group justify="space-between" mb="lg">
        <Brand />
        <ColorSchemeToggle />
      </Group>
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md">
        <Outlet />
      </Paper>
    </Container>
  );
}
