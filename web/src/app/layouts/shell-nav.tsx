import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

export interface NavItem {
  label: string;
  to: string;
}

/**
 * The item the page belongs to: the longest `to` that is the path or a folder of it, so
 * /settings/team marks Team and not Settings too, while /settings/api (no item) marks Settings.
 */
export function currentNavItem(items: readonly NavItem[], pathname: string): string | undefined {
  return items
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0]?.to;
}

/** Navigation for a shell: router links (with aria-current on the one current item) styled as Mantine NavLinks. */
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
  const current = currentNavItem(items, pathname);
  return (
    <Stack component="nav" aria-label={label} gap={2}>
      {items.map((item) => (
        <MantineNavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          active={item.to === current}
          aria-current={item.to === current ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
