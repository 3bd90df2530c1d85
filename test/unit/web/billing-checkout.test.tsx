import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../../../shared/messages';
import { checkoutErrorMessage } from '../../../web/src/features/billing/checkout-errors';
import { redirectToHostedPage } from '../../../web/src/features/billing/redirect';
import { useCheckout, type Buyer } from '../../../web/src/features/billing/use-checkout';
import { PlanChooser } from '../../../web/src/features/plans/components/plan-chooser';
import { ApiError } from '../../../web/src/lib/api-client';
import { renderWithProviders } from './render';

jest.mock('../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('id-token') }),
}));
jest.mock('../../../web/src/features/billing/redirect', () => {
  const actual = jest.requireActual('../../../web/src/features/billing/redirect');
  return { ...actual, redirectToHostedPage: jest.fn(actual.redirectToHostedPage) };
});

const redirect = redirectToHostedPage as jest.MockedFunction<typeof redirectToHostedPage>;
const ACCOUNT: Buyer = { kind: 'account', userId: 'user-sub-1', email: 'crew@example.com' };

function Harness({ buyer = ACCOUNT }: { buyer?: Buyer }) {
  const checkout = useCheckout();
  return (
    <>
      <PlanChooser processingPlan={checkout.processingPlan} onChoose={(c) => void checkout.start(buyer, c)} />
      {checkout.error ? <div role="alert">{checkout.error}</div> : null}
    </>
  );
}

function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as Response;
}

/** A fetch whose answer the test gives later (once the request has been sent). */
function heldFetch() {
  let resolveFetch: ((response: Response) => void) | null = null;
  const fetchMock = jest.fn(() => new Promise<Response>((resolve) => (resolveFetch = resolve)));
  Object.assign(globalThis, { fetch: fetchMock });
  const answer = async (response: Response) => {
    await waitFor(() => expect(resolveFetch).not.toBeNull());
    await act(async () => resolveFetch?.(response));
  };
  return { fetchMock, answer };
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('plan checkout', () => {
  beforeEach(() => {
    const actual = jest.requireActual('../../../web/src/features/billing/redirect') as {
      redirectToHostedPage: typeof redirectToHostedPage;
    };
    redirect.mockReset();
    redirect.mockImplementation(actual.redirectToHostedPage);
  });

  it('should disable every plan button and show "Processing..." on the chosen one when the checkout request is in flight', async () => {
    const { answer } = heldFetch();
    renderWithProviders(<Harness />);

    fireEvent.click(within(card('Premium')).getByRole('button', { name: /Choose Premium/ }));

    expect(await within(card('Premium')).findByRole('button', { name: MESSAGES.processing })).toBeDisabled();
    expect(within(card('Basic')).getByRole('button', { name: /Choose Basic/ })).toBeDisabled();
    expect(within(card('Enterprise')).getByRole('button', { name: /Choose Enterprise/ })).toBeDisabled();

    await answer(
      jsonResponse(409, { error: MESSAGES.checkoutSessionFailed, message: 'Change your plan instead.' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Change your plan instead.');
    expect(within(card('Premium')).getByRole('button', { name: /Choose Premium/ })).toBeEnabled();
  });

  it("should send the user's own sub and email and go to the session url when checkout is created", async () => {
    const { fetchMock, answer } = heldFetch();
    redirect.mockReturnValue(true);
    renderWithProviders(<Harness />);

    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));
    fireEvent.click(within(card('Basic')).getByRole('button', { name: /Choose Basic/ }));
    await answer(jsonResponse(200, { sessionId: 'cs_1', url: 'https://checkout.example/cs_1' }));

    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/consolidated/stripe/create-checkout-session');
    expect(JSON.parse(String(init.body))).toEqual({
      userId: 'user-sub-1',
      email: 'crew@example.com',
      plan: 'basic',
      billingCycle: 'annual',
    });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer id-token');
    expect(redirect).toHaveBeenCalledWith('https://checkout.example/cs_1');
    // Leaving for the payment page: the buttons stay busy.
    expect(within(card('Basic')).getByRole('button', { name: MESSAGES.processing })).toBeDisabled();
  });

  it('should send no token and an Idempotency-Key when a guest checks out', async () => {
    const { fetchMock, answer } = heldFetch();
    redirect.mockReturnValue(true);
    renderWithProviders(<Harness buyer={{ kind: 'guest' }} />);

    fireEvent.click(within(card('Premium')).getByRole('button', { name: /Choose Premium/ }));
    await answer(jsonResponse(200, { sessionId: 'cs_2', url: 'https://checkout.example/cs_2' }));

    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(path).toBe('/api/consolidated/stripe/create-guest-checkout');
    expect(JSON.parse(String(init.body))).toEqual({ plan: 'premium', billingCycle: 'monthly' });
    expect(headers.authorization).toBeUndefined();
    expect(headers['idempotency-key']).toMatch(/\S{8,}/);
  });

  it('should alert "Failed to start checkout process" and free the buttons when the answer has no url', async () => {
    const { answer } = heldFetch();
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderWithProviders(<Harness />);

    fireEvent.click(within(card('Premium')).getByRole('button', { name: /Choose Premium/ }));
    await answer(jsonResponse(200, { sessionId: 'cs_3' }));

    expect(alert).toHaveBeenCalledWith(MESSAGES.checkoutStartFailed);
    expect(within(card('Premium')).getByRole('button', { name: /Choose Premium/ })).toBeEnabled();
    alert.mockRestore();
  });

  it('should show "Failed to process plan selection. Please try again." when the server cannot be reached', async () => {
    Object.assign(globalThis, { fetch: jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) });
    renderWithProviders(<Harness />);

    fireEvent.click(within(card('Basic')).getByRole('button', { name: /Choose Basic/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.planSelectionFailed);
  });
});

describe('checkoutErrorMessage', () => {
  it.each([
    [
      "the server's message when the answer has one",
      new ApiError(
        409,
        MESSAGES.checkoutSessionFailed,
        undefined,
        'Change your plan from the subscription page.',
      ),
      'Change your plan from the subscription page.',
    ],
    [
      "the server's error when it has no message",
      new ApiError(400, 'Plan must be "basic", "premium" or "enterprise"'),
      'Plan must be "basic", "premium" or "enterprise"',
    ],
    [
      '"Failed to create checkout session" when the body says nothing',
      new ApiError(500, MESSAGES.unknownError),
      MESSAGES.checkoutSessionFailed,
    ],
    [
      'the payment provider\'s "Failed to load" when it is unreachable',
      new ApiError(502, MESSAGES.unknownError),
      MESSAGES.paymentProviderFailedToLoad,
    ],
    [
      'the plan selection message when the network fails',
      new ApiError(0, 'Could not reach the server.'),
      MESSAGES.planSelectionFailed,
    ],
    [
      'the plan selection message when something else breaks',
      new TypeError('x is undefined'),
      MESSAGES.planSelectionFailed,
    ],
  ])('should choose %s', (_case, error, expected) => {
    expect(checkoutErrorMessage(error)).toBe(expected);
  });
});

describe('redirectToHostedPage', () => {
  it('should refuse a URL that is not http(s) and alert instead when the server sends one', () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const actual = jest.requireActual('../../../web/src/features/billing/redirect') as {
      redirectToHostedPage: typeof redirectToHostedPage;
    };

    expect(actual.redirectToHostedPage('javascript:alert(1)')).toBe(false);
    expect(alert).toHaveBeenCalledWith(MESSAGES.checkoutStartFailed);
    alert.mockRestore();
  });
});
