import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { NavLink, useLocation } from 'react-router-dom';

export interface NavItem {
  label: string;
  to: string;
}

/** Navigation for a shell: router links (with aria-current) styled as Mantine NavLinks. */
export function ShellNav({
  items,
  label,
  onNavigate,
}: {
  items: NavItem[];
  label: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label={label} gap={2}>
      {items.map((item) => (
        <MantineNavLink
          key={item.to}
          component={NavLink}
          to={item.to}
          label={item.label}
          active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
