import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ProfileForm } from '../../../../web/src/features/settings/components/profile-form';
import type { AccountProfile } from '../../../../shared/account';
import { renderWithProviders } from '../render';

/** Issue 22: a member who is not the owner names themselves; the company and units stay the owner's. */
const ACCOUNT: AccountProfile = {
  userId: 'olive',
  email: 'olive@example.com',
  name: 'Olive Owner',
  company: 'Olive Builders',
  units: 'us',
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('the profile form of a member', () => {
  it('should show their own address and name, keep the company read-only and send only the name', async () => {
    const onSave = jest.fn(() => Promise.resolve());
    renderWithProviders(
      <ProfileForm
        profile={ACCOUNT}
        onSave={onSave}
        self={{ email: 'dana@example.com', name: null }}
        member
      />,
    );

    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText(/^Company/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Metric/)).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Dana Ortiz ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Dana Ortiz' }));
  });

  it("should let the owner change the account's company and units with their name", async () => {
    const onSave = jest.fn(() => Promise.resolve());
    renderWithProviders(<ProfileForm profile={ACCOUNT} onSave={onSave} />);

    expect(screen.getByLabelText('Name')).toHaveValue('Olive Owner');
    expect(screen.getByLabelText(/^Company/)).not.toHaveAttribute('readonly');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ name: 'Olive Owner', company: 'Olive Builders', units: 'us' }),
    );
  });
});
