import { screen } from '@testing-library/react';
import { currentNavItem, ShellNav, type NavItem } from '../../../web/src/app/layouts/shell-nav';
import { renderWithProviders } from './render';

const ITEMS: NavItem[] = [
  { label: 'Jobsites', to: '/jobsites' },
  { label: 'Team', to: '/settings/team' },
  { label: 'Settings', to: '/settings' },
];

describe('the shell navigation', () => {
  it.each([
    ['/settings/team', '/settings/team'],
    ['/settings', '/settings'],
    ['/settings/api', '/settings'],
    ['/jobsites/abc/edit', '/jobsites'],
    ['/support', undefined],
  ])('should mark %s as in %s only', (pathname, expected) => {
    expect(currentNavItem(ITEMS, pathname)).toBe(expected);
  });

  it('should mark Team, and not Settings too, on the team page', () => {
    renderWithProviders(<ShellNav items={ITEMS} label="Main" />, { route: '/settings/team' });
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Jobsites' })).not.toHaveAttribute('aria-current');
  });
});
