import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import type { PlanChangePreview } from '../../../shared/billing';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../shared/messages';
import { defaultSubscription, type Subscription } from '../../../shared/subscription';
import { PasswordForm } from '../../../web/src/features/auth/components/password-form';
import { ResetRequestForm } from '../../../web/src/features/auth/components/reset-request-form';
import { checkoutErrorMessage } from '../../../web/src/features/billing/checkout-errors';
import { CancelsOnNotice } from '../../../web/src/features/billing/components/cancels-on-notice';
import {
  ChangePlanModal,
  PREVIEW_FAILED,
} from '../../../web/src/features/billing/components/change-plan-modal';
import { SubscriptionSummary } from '../../../web/src/features/billing/components/subscription-summary';
import { ApiError } from '../../../web/src/lib/api-client';
import type { AuthClient } from '../../../web/src/lib/auth/types';
import { friendlyErrorMessage } from '../../../web/src/lib/error-message';
import { useDocumentTitle } from '../../../web/src/lib/use-document-title';
import { fakeAuth, renderWithProviders, withQuery } from './render';

jest.mock('../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('id-token') }),
}));

const PERIOD_END = '2026-12-22T12:00:00.000Z';
const USER = { sub: 'u-1', email: 'crew@example.com', groups: [] };

function awsError(name: string, message = name): Error {
  const err = new Error(message);
  err.name = name;
  return err;
}

function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as Response;
}

const live = (overrides: Partial<Subscription> = {}): Subscription => ({
  ...defaultSubscription('u-1'),
  id: 'sub_1',
  plan: 'basic',
  status: 'active',
  customer_id: 'cus_1',
  next_billing_date: PERIOD_END,
  currentPeriodEnd: PERIOD_END,
  ...overrides,
});
const cancelling = () => live({ next_billing_date: null, end_date: PERIOD_END });

describe('password change form', () => {
  function renderForm(updatePassword: () => Promise<void>) {
    const auth = fakeAuth({
      status: 'signedIn',
      user: USER,
      getClient: () => Promise.resolve({ updatePassword } as unknown as AuthClient),
    });
    renderWithProviders(<PasswordForm />, { auth });
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'Wrong-Passw0rd' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Brand-New-Passw0rd' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), {
      target: { value: 'Brand-New-Passw0rd' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
  }

  it.each([
    ['Cognito', awsError('NotAuthorizedException', 'Incorrect username or password.')],
    ['the local Cognito emulator', awsError('InvalidPasswordException', 'Invalid password')],
  ])('should show a wrong current password under the current-password field (%s)', async (_who, error) => {
    renderForm(() => Promise.reject(error));
    const current = screen.getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("should show a friendly message, never the provider's text, when the change fails otherwise", async () => {
    renderForm(() =>
      Promise.reject(awsError('InternalErrorException', 'java.lang.NullPointerException at x')),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.passwordChangeFailed);
    expect(screen.queryByText(/NullPointerException/)).not.toBeInTheDocument();
  });

  it('should ask the server to email the password-change notice after a successful change', async () => {
    const fetchMock = jest.fn(() => Promise.resolve(jsonResponse(200, { sent: true })));
    Object.assign(globalThis, { fetch: fetchMock });
    renderForm(() => Promise.resolve());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/me/password-changed');
  });
});

describe('reset request form', () => {
  it('should say the email brings a link and a code, on the spec\'s "Send Reset Link" button', () => {
    renderWithProviders(<ResetRequestForm onSent={() => undefined} />);
    expect(screen.getByText(ACCOUNT_MESSAGES.resetRequestIntro)).toHaveTextContent(/link and a code/);
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it('should say a code was sent if the account exists, and go on, when the email is unknown', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const onSent = jest.fn();
    const requestPasswordReset = () =>
      Promise.reject(awsError('UserNotFoundException', 'User does not exist.'));
    const auth = fakeAuth({
      getClient: () => Promise.resolve({ requestPasswordReset } as unknown as AuthClient),
    });
    renderWithProviders(<ResetRequestForm onSent={onSent} />, { auth });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('nobody@example.com'));
    expect(alert).toHaveBeenCalledWith(
      'If an account exists for that email, we sent a code. Check your inbox.',
    );
    expect(screen.queryByText(MESSAGES.resetEmailFailed)).not.toBeInTheDocument();
    alert.mockRestore();
  });
});

describe('friendly errors', () => {
  it("should never show a 5xx's or the payment provider's own words", () => {
    const stripe = new ApiError(502, MESSAGES.unknownError, undefined, "No such price: 'price_x'");
    expect(friendlyErrorMessage(stripe, 'Try again later.')).toBe('Try again later.');
    expect(checkoutErrorMessage(stripe)).toBe(MESSAGES.paymentProviderFailedToLoad);
    expect(friendlyErrorMessage(new TypeError('x is undefined'), 'Try again later.')).toBe(
      'Try again later.',
    );
    expect(friendlyErrorMessage(new ApiError(400, 'Name is too long', 'name'), 'f')).toBe('Name is too long');
  });
});

describe('plan change dialog', () => {
  const preview: PlanChangePreview = {
    amountDue: 3000,
    total: 3000,
    currency: 'usd',
    prorationDate: 1_795_000_000,
    lines: [
      {
        description: 'Unused time on Raincheck Basic after 23 Nov 2026',
        amount: -2999,
        proration: true,
        periodStart: null,
        periodEnd: null,
      },
      {
        description: 'Remaining time on Raincheck Premium after 23 Nov 2026',
        amount: 5999,
        proration: true,
        periodStart: null,
        periodEnd: null,
      },
    ],
    nextBillingDate: PERIOD_END,
  };

  /** The change from Basic to Premium monthly, as the plan page opens it. */
  const renderChangeToPremium = (
    onConfirm: ComponentProps<typeof ChangePlanModal>['onConfirm'] = () => undefined,
  ) =>
    renderWithProviders(
      withQuery(
        <ChangePlanModal
          current={live()}
          target={{ plan: 'premium', billingCycle: 'monthly' }}
          onCancel={() => undefined}
          onConfirm={onConfirm}
          submitting={false}
          error={null}
        />,
      ),
    );

  it('should show the credit, the charge and the amount charged now before the change is confirmed', async () => {
    Object.assign(globalThis, { fetch: jest.fn(() => Promise.resolve(jsonResponse(200, preview))) });
    const onConfirm = jest.fn();
    renderChangeToPremium(onConfirm);
    expect(screen.getByRole('button', { name: 'Confirm change' })).toBeDisabled();
    expect(await screen.findByTestId('prorated-amount')).toHaveTextContent('$30.00');
    const table = screen.getByRole('table', { name: 'What this change costs' });
    expect(within(table).getByText('Credit $29.99')).toBeInTheDocument();
    expect(within(table).getByText('$59.99')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and pay $30.00' }));
    expect(onConfirm).toHaveBeenCalledWith({ plan: 'premium', billingCycle: 'monthly' }, 1_795_000_000);
  });

  it('should offer "Try again" with a friendly message when the preview fails', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(jsonResponse(502, { error: MESSAGES.unknownError, message: 'Stripe exploded' }))
      .mockResolvedValueOnce(jsonResponse(200, preview));
    Object.assign(globalThis, { fetch: fetchMock });
    renderChangeToPremium();
    const alert = (await screen.findByText(PREVIEW_FAILED)).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).not.toHaveTextContent('Stripe exploded');
    await act(async () => fireEvent.click(within(alert).getByText('Try again')));
    expect(await screen.findByTestId('prorated-amount')).toHaveTextContent('$30.00');
  });
});

describe('cancellation shown', () => {
  it('should say "Cancels on" and offer Resume, not Cancel, when the subscription is set to cancel', () => {
    const onResume = jest.fn();
    renderWithProviders(
      <SubscriptionSummary subscription={cancelling()} onCancel={() => undefined} onResume={onResume} />,
    );
    expect(screen.getByTestId('cancels-on')).toHaveTextContent(/^Cancels on /);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(onResume).toHaveBeenCalled();
  });

  it('should offer Cancel (confirmed in the app) when the subscription renews', () => {
    const onCancel = jest.fn();
    renderWithProviders(
      <SubscriptionSummary subscription={live()} onCancel={onCancel} onResume={() => undefined} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(onCancel).toHaveBeenCalled();
    expect(screen.queryByTestId('cancels-on')).not.toBeInTheDocument();
  });

  it('should show the dashboard notice only for a subscription set to cancel', async () => {
    Object.assign(globalThis, {
      fetch: jest.fn(() =>
        Promise.resolve(jsonResponse(200, { subscription: cancelling(), billingHistory: [] })),
      ),
    });
    renderWithProviders(withQuery(<CancelsOnNotice />), {
      auth: fakeAuth({ status: 'signedIn', user: USER }),
    });
    expect(await screen.findByTestId('cancels-on-notice')).toHaveTextContent(/Cancels on/);
    expect(screen.getByRole('link', { name: 'Resume subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });
});

describe('document title', () => {
  it('should name the page, then the app', () => {
    renderHook(() => useDocumentTitle('Subscription'));
    expect(document.title).toBe('Subscription · Raincheck');
  });
});
