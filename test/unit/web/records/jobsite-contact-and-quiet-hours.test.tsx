import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QuietHoursForm } from '../../../../web/src/features/settings/components/quiet-hours-form';
import { SetupChecklist } from '../../../../web/src/features/account/components/setup-checklist';
import { renderWithProviders } from '../render';
import { renderJobsiteForm, savedJobsite, type, typePlace } from './jobsite-form-harness';

const NIGHT = { enabled: true, start: '20:00', end: '06:00' };

const renderForm = (onSubmit?: jest.Mock) => renderJobsiteForm(onSubmit, { quietHours: NIGHT });

describe('the jobsite form’s site contact and quiet hours', () => {
  it('should warn that the 05:00 notice waits until the quiet hours end, naming the jobsite', () => {
    renderForm();
    type(/^Jobsite name/, 'Harbor Point Tower');
    expect(screen.getByText(/Harbor Point Tower's 05:00 notice will wait until 06:00/)).toBeInTheDocument();
    type(/^Notice 2 time/, '06:30');
    expect(screen.queryByText(/notice will wait until/)).not.toBeInTheDocument();
  });

  it('should send the site contact with the jobsite and show the phone rule under the phone', async () => {
    const onSubmit = savedJobsite();
    renderForm(onSubmit);
    typePlace('Harbor Point Tower', '47.6062', '-122.3321');
    type(/^Contact name/, 'Ana Silva');
    type(/^Contact phone/, 'ask at the gate');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));
    expect(await screen.findByText(/Site contact phone must be 6–25 characters/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    type(/^Contact phone/, '+1 206 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].siteContact).toEqual({ name: 'Ana Silva', phone: '+1 206 555 0100' });
  });
});

describe('the settings’ quiet-hours form', () => {
  it('should warn, as the hours are chosen, which jobsites’ notices would wait', () => {
    renderWithProviders(
      <QuietHoursForm
        quietHours={{ ...NIGHT, enabled: false }}
        jobsites={[{ name: 'Harbor Point Tower', noticeTimes: [{ time: '18:00' }, { time: '05:00' }] }]}
        onSave={async () => undefined}
      />,
    );
    expect(screen.queryByText(/will wait until/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: /Hold non-urgent messages/ }));
    expect(screen.getByText(/Harbor Point Tower's 05:00 notice will wait until 06:00/)).toBeInTheDocument();
  });
});

describe('the dashboard’s setup checklist', () => {
  it('should ask for the company name until there is one', () => {
    const { unmount } = renderWithProviders(<SetupChecklist profile={{ company: null }} />);
    expect(screen.getByRole('link', { name: 'Add your company name' })).toHaveAttribute(
      'href',
      '/settings#settings-profile',
    );
    unmount();
    renderWithProviders(<SetupChecklist profile={{ company: 'Acme Builders' }} />);
    expect(screen.queryByText('Finish setting up')).not.toBeInTheDocument();
  });
});
