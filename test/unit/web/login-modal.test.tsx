import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { LandingPage } from '../../../web/src/app/routes/landing';
import { LoginModal } from '../../../web/src/features/auth/components/login-modal';
import type { AuthClient } from '../../../web/src/lib/auth/types';
import { PENDING_PLAN_KEY } from '../../../web/src/lib/pending-plan';
import { fakeAuth, renderWithProviders } from './render';

function awsError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** What GET /api/auth/discover answers in these tests (the password form unless a test says otherwise). */
let discoverAnswer: unknown = { method: 'password' };

beforeEach(() => {
  discoverAnswer = { method: 'password' };
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => discoverAnswer,
  })) as unknown as typeof fetch;
});

/** Email first: the password field shows once the API says the address signs in with a password. */
async function fillLogin(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

describe('LoginModal', () => {
  afterEach(() => jest.restoreAllMocks());

  it('should ask for the email first and mark both fields required once the address signs in with a password', async () => {
    renderWithProviders(<LoginModal opened onClose={() => undefined} onSignedIn={() => undefined} />);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'demo@raincheck.local' } });
    expect(await screen.findByLabelText(/^Password/)).toBeRequired();
    expect(globalThis.fetch).toHaveBeenCalledWith(
      expect.stringContaining('/api/auth/discover?email=demo%40raincheck.local'),
      expect.anything(),
    );
  });

  it('should never show the password field for an address under single sign-on', async () => {
    discoverAnswer = { method: 'sso', redirectUrl: 'https://login.example/oauth2/authorize?client_id=web' };
    renderWithProviders(<LoginModal opened onClose={() => undefined} onSignedIn={() => undefined} />);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ann@acme.test' } });
    expect(await screen.findByRole('button', { name: 'Continue with single sign-on' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('should put the spec message on the email field when the user does not exist', async () => {
    const auth = fakeAuth({
      signIn: () => Promise.reject(awsError('UserNotFoundException', 'User does not exist.')),
    });
    renderWithProviders(<LoginModal opened onClose={() => undefined} onSignedIn={() => undefined} />, {
      auth,
    });

    await fillLogin('nobody@example.com', 'Whatever1');

    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Invalid email or password. Please try again.');
    expect(screen.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('should show the spec message in an alert, on no field, when the provider rejects the credentials', async () => {
    const auth = fakeAuth({ signIn: () => Promise.reject(awsError('NotAuthorizedException')) });
    renderWithProviders(<LoginModal opened onClose={() => undefined} onSignedIn={() => undefined} />, {
      auth,
    });

    await fillLogin('demo@raincheck.local', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please try again.',
    );
    expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('should call onSignedIn when the credentials are accepted', async () => {
    const onSignedIn = jest.fn();
    const auth = fakeAuth({ signIn: () => Promise.resolve({ kind: 'signedIn', user: null }) });
    renderWithProviders(<LoginModal opened onClose={() => undefined} onSignedIn={onSignedIn} />, { auth });

    await fillLogin('demo@raincheck.local', 'Demo-Passw0rd!');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });

  it('should switch to the reset form and back when "Forgot Password?" and "Back to Login" are clicked', () => {
    renderWithProviders(<LoginModal opened onClose={() => undefined} onSignedIn={() => undefined} />);

    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    // The login form again, email first.
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('should alert the spec success message and go on to enter the code when the reset email is sent', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const requestPasswordReset = jest.fn(() => Promise.resolve());
    const auth = fakeAuth({
      getClient: () => Promise.resolve({ requestPasswordReset } as unknown as AuthClient),
    });
    renderWithProviders(
      <>
        <LoginModal opened onClose={() => undefined} onSignedIn={() => undefined} />
        <WhereAmI />
      </>,
      { auth },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'demo@raincheck.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'If an account exists for that email, we sent a code. Check your inbox.',
      ),
    );
    expect(requestPasswordReset).toHaveBeenCalledWith('demo@raincheck.local');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/reset-password?email=demo%40raincheck.local',
      ),
    );
  });

  it('should show the spec failure message when the reset email cannot be sent', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const requestPasswordReset = () => Promise.reject(awsError('InternalErrorException'));
    const auth = fakeAuth({
      getClient: () => Promise.resolve({ requestPasswordReset } as unknown as AuthClient),
    });
    renderWithProviders(<LoginModal opened onClose={() => undefined} onSignedIn={() => undefined} />, {
      auth,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'demo@raincheck.local' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send reset email. Please try again.',
    );
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('LandingPage plan buttons', () => {
  function renderLanding(auth = fakeAuth()) {
    return renderWithProviders(
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>,
      { auth },
    );
  }

  it('should store the plan and open the login modal when a signed-out visitor picks a plan and then Log in', async () => {
    renderLanding();
    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));
    fireEvent.click(screen.getByRole('button', { name: /Choose Premium/ }));

    expect(JSON.parse(window.localStorage.getItem(PENDING_PLAN_KEY) ?? 'null')).toEqual({
      plan: 'premium',
      billingCycle: 'annual',
    });
    const choice = await screen.findByRole('dialog', { name: 'Premium, billed annual' });
    fireEvent.click(within(choice).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in to Raincheck' })).toBeInTheDocument();
  });

  it('should resume the stored plan and clear it when the visitor then logs in', async () => {
    const auth = fakeAuth({ signIn: () => Promise.resolve({ kind: 'signedIn', user: null }) });
    renderLanding(auth);
    fireEvent.click(screen.getByRole('button', { name: /Choose Basic/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Basic, billed monthly' })).getByRole('button', {
        name: 'Log in',
      }),
    );
    await screen.findByRole('dialog', { name: 'Log in to Raincheck' });

    await fillLogin('demo@raincheck.local', 'Demo-Passw0rd!');

    expect(await screen.findByTestId('location')).toHaveTextContent('/subscription?plan=basic&cycle=monthly');
    expect(window.localStorage.getItem(PENDING_PLAN_KEY)).toBeNull();
  });

  it('should go to the dashboard after login when no plan was chosen', async () => {
    const auth = fakeAuth({ signIn: () => Promise.resolve({ kind: 'signedIn', user: null }) });
    renderLanding(auth);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');

    await fillLogin('demo@raincheck.local', 'Demo-Passw0rd!');

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('should show the headline and the three feature blurbs when the page renders', () => {
    renderLanding();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Automate Weather Delay Notifications for Your Jobsite',
      }),
    ).toBeInTheDocument();
    for (const title of ['Automated Weather Monitoring', 'Instant Notifications', 'Customizable Alerts']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });
});
