import { screen, within } from '@testing-library/react';
import type { Worker } from '../../../../shared/records/worker';
import { JobsiteChannels } from '../../../../web/src/app/routes/app/jobsite-channels-section';
import { renderWithProviders } from '../render';

const worker = (id: string, name: string, more: Partial<Worker> = {}): Worker =>
  ({
    id,
    name,
    email: `${id}@example.com`,
    phone: null,
    trade: null,
    crewIds: [],
    isManager: false,
    smsOptIn: false,
    status: 'active',
    sms: { status: 'off' },
    createdAt: '2026-11-23T00:00:00Z',
    updatedAt: '2026-11-23T00:00:00Z',
    ...more,
  }) as Worker;

const site = {
  recipients: { workerIds: ['w-ana'], crewIds: ['framing'], notifyClient: false },
  foremanWorkerId: 'w-fox',
};

const rowOf = (id: string) => within(screen.getByTestId(`channels-${id}`));

describe('the channels on the jobsite page', () => {
  const workers = [
    worker('w-ana', 'Ana', { smsOptIn: true, sms: { status: 'on' } }),
    worker('w-ben', 'Ben', { crewIds: ['framing'], status: 'bounced', sms: { status: 'pending' } }),
    worker('w-fox', 'Fox', { isManager: true, sms: { status: 'stopped' } }),
    worker('w-zed', 'Zed', { sms: { status: 'on' } }),
  ];

  it("should show each notified person's email and SMS state: named, through a crew, and the foreman", () => {
    renderWithProviders(<JobsiteChannels jobsite={site} workers={workers} />);
    expect(rowOf('w-ana').getByText('Active')).toBeInTheDocument();
    expect(rowOf('w-ana').getByText('SMS on')).toBeInTheDocument();
    expect(rowOf('w-ben').getByText('Bounced')).toBeInTheDocument();
    expect(rowOf('w-ben').getByText('SMS pending')).toBeInTheDocument();
    expect(rowOf('w-fox').getByText('Foreman')).toBeInTheDocument();
    expect(rowOf('w-fox').getByText('SMS stopped')).toBeInTheDocument();
    expect(rowOf('w-ana').getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/workers/w-ana');
  });

  it('should leave out workers the jobsite does not notify', () => {
    renderWithProviders(<JobsiteChannels jobsite={site} workers={workers} />);
    expect(screen.queryByTestId('channels-w-zed')).toBeNull();
  });

  it('should say nobody is notified when the jobsite has no workers, crews or foreman', () => {
    renderWithProviders(
      <JobsiteChannels
        jobsite={{ recipients: { workerIds: [], crewIds: [], notifyClient: false }, foremanWorkerId: null }}
        workers={workers}
      />,
    );
    expect(screen.getByText(/Nobody is notified yet/)).toBeInTheDocument();
  });
});
