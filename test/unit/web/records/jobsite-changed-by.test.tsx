import { screen } from '@testing-library/react';
import { JobsiteDetails } from '../../../../web/src/features/jobsites/components/jobsite-details';
import { testJobsite } from '../../dispatch/records.fixtures';
import { renderWithProviders } from '../render';

/** Issue 22 §4: the jobsite page says which member changed it, and its rules, last, on the site's clock. */
const site = testJobsite(
  { id: 'site-1', name: 'Harbor', latitude: 41.88, longitude: -87.63, timezone: 'America/Chicago' },
  '2026-11-27T15:14:00.000Z',
);
const show = (fields: Partial<typeof site>) =>
  renderWithProviders(
    <JobsiteDetails jobsite={{ ...site, ...fields }} units="us" client={null} workers={[]} crews={[]} />,
  );

describe('who changed a jobsite', () => {
  it('should name the member who changed the jobsite and the one who changed its rules', () => {
    show({
      updatedByName: 'Dana Ortiz',
      rulesUpdatedAt: '2026-11-26T14:00:00.000Z',
      rulesUpdatedByName: 'Olive Owner',
    });

    expect(screen.getByText('Last changed').nextElementSibling).toHaveTextContent(
      'Dana Ortiz, Nov 27, 2026, 9:14 AM CST',
    );
    expect(screen.getByText(/^Rules changed by/)).toHaveTextContent(
      'Rules changed by Olive Owner, Nov 26, 2026, 8:00 AM CST',
    );
  });

  it('should give only the time for a jobsite saved before members were named', () => {
    show({});

    expect(screen.getByText('Last changed').nextElementSibling).toHaveTextContent(
      'Nov 27, 2026, 9:14 AM CST',
    );
    expect(screen.queryByText(/^Rules changed by/)).toBeNull();
  });
});
