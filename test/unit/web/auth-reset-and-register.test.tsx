import { fireEvent, screen } from '@testing-library/react';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../shared/messages';
import { ResetPasswordPage } from '../../../web/src/app/routes/auth';
import { RegisterForm } from '../../../web/src/features/auth/components/register-form';
import { ResetRequestForm } from '../../../web/src/features/auth/components/reset-request-form';
import { mapAuthError } from '../../../web/src/features/auth/map-auth-error';
import type { AuthClient } from '../../../web/src/lib/auth/types';
import { fakeAuth, renderWithProviders } from './render';

function awsError(name: string, message = name): Error {
  const err = new Error(message);
  err.name = name;
  return err;
}

describe('the reset request form (spec §2)', () => {
  it('should read "Send Reset Link" and "Back to Login"', () => {
    const onBack = jest.fn();
    renderWithProviders(<ResetRequestForm onSent={() => undefined} onBack={onBack} />);
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('the reset page opened from the email link', () => {
  it('should fill the email and the code from the link', () => {
    renderWithProviders(<ResetPasswordPage />, {
      route: '/reset-password?email=ann%2Breset%40example.com&code=482913',
    });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann+reset@example.com');
    expect(screen.getByLabelText(/^Reset code/)).toHaveValue('482913');
  });

  it('should leave the code empty for typing when the link carries none', () => {
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?email=ann%40example.com' });
    expect(screen.getByLabelText(/^Reset code/)).toHaveValue('');
  });
});

describe('signing up with an email that has an account (issue 19 item 9)', () => {
  it('should say so plainly, with links to log in and to reset the password', async () => {
    const signUp = () => Promise.reject(awsError('UsernameExistsException', 'User already exists'));
    const auth = fakeAuth({ getClient: () => Promise.resolve({ signUp } as unknown as AuthClient) });
    renderWithProviders(<RegisterForm onConfirmedWithoutPassword={() => undefined} />, { auth });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Strong-Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.accountExists)).toBeInTheDocument();
    expect(screen.queryByText('User already exists')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Log in' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password?email=ann%40example.com',
    );
  });
});

describe('auth errors of an address that tried too often', () => {
  it.each(['LimitExceededException', 'TooManyRequestsException'])(
    'should say to wait, not that the password is wrong, on %s',
    (code) => {
      expect(mapAuthError(awsError(code, 'Attempt limit exceeded'), MESSAGES.loginFailed)).toEqual({
        field: null,
        message: ACCOUNT_MESSAGES.tooManyAttempts,
      });
    },
  );

  it('should still show the spec message for a wrong password', () => {
    expect(
      mapAuthError(
        awsError('NotAuthorizedException', 'Incorrect username or password.'),
        MESSAGES.loginFailed,
      ),
    ).toEqual({
      field: null,
      message: 'Invalid email or password. Please try again.',
    });
  });
});
