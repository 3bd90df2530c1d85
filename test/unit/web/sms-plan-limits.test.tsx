import { fireEvent, screen } from '@testing-library/react';
import type { Worker } from '../../../shared/records/worker';
import { PLANS } from '../../../shared/plans';
import { SmsAllowanceCard } from '../../../web/src/features/billing/components/sms-allowance-card';
import { WorkerForm } from '../../../web/src/features/workers/components/worker-form';
import { fakeAuth, renderWithProviders, withQuery } from './render';

jest.mock('../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('id-token') }),
}));
jest.mock('../../../web/src/config/runtime-env', () => ({
  getRuntimeConfig: () => ({ apiOrigin: 'http://api.test' }),
}));

const USER = { sub: 'u-1', email: 'crew@example.com', groups: [] };
const signedIn = () => fakeAuth({ status: 'signedIn', user: USER });

function answerFetch(status: number, body: unknown) {
  const fetchMock = jest.fn((_url: string) =>
    Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) } as Response),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const count = (n: number) => n.toLocaleString('en-US');

describe('the SMS allowance on /subscription', () => {
  const before = globalThis.fetch;
  afterEach(() => (globalThis.fetch = before));

  it("should show Premium's monthly allowance in segments, not texts, and how many this month has used", async () => {
    const allowance = PLANS.premium.smsMonthlyAllowance;
    const fetchMock = answerFetch(200, { month: '2026-11', used: 37, allowance });
    renderWithProviders(withQuery(<SmsAllowanceCard plan="premium" />), { auth: signedIn() });

    expect(screen.getByTestId('sms-allowance')).toHaveTextContent(`${count(allowance)} SMS segments a month`);
    expect(screen.getByTestId('sms-segments-note')).toHaveTextContent(/a longer one .* counts two/);
    expect(await screen.findByTestId('sms-used')).toHaveTextContent(
      `37 of ${count(allowance)} segments used this month`,
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/sms/usage');
  });

  it('should say texts pause while email goes on once the allowance is used up', async () => {
    const allowance = PLANS.enterprise.smsMonthlyAllowance;
    answerFetch(200, { month: '2026-11', used: allowance, allowance });
    renderWithProviders(withQuery(<SmsAllowanceCard plan="enterprise" />), { auth: signedIn() });
    expect(await screen.findByTestId('sms-used')).toHaveTextContent('texts pause until the 1st');
  });

  it('should still show the allowance where the SMS channel is not set up (the usage route answers 404)', async () => {
    const fetchMock = answerFetch(404, { error: 'Not found' });
    renderWithProviders(withQuery(<SmsAllowanceCard plan="premium" />), { auth: signedIn() });
    expect(screen.getByTestId('sms-allowance')).toHaveTextContent(
      `${count(PLANS.premium.smsMonthlyAllowance)} SMS segments a month`,
    );
    await screen.findByText(/count restarts on the 1st/);
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByTestId('sms-used')).toBeNull();
  });

  it('should tell a Basic account texts are not on its plan, without asking for usage', () => {
    const fetchMock = answerFetch(200, {});
    renderWithProviders(withQuery(<SmsAllowanceCard plan="basic" />), { auth: signedIn() });
    expect(screen.getByTestId('sms-allowance')).toHaveTextContent(`Not included on ${PLANS.basic.name}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the SMS toggle on the worker form', () => {
  // Mantine's Switch label does not name its input for testing-library in this jsdom: find it by field name.
  const smsToggle = () => {
    const input = document.querySelector<HTMLInputElement>('input[name="smsOptIn"]');
    if (!input) throw new Error('no SMS toggle on the form');
    return input;
  };
  const renderForm = (smsLockedPlan: string | null, worker?: Partial<Worker>) =>
    renderWithProviders(
      <WorkerForm
        worker={worker as Worker | undefined}
        smsLockedPlan={smsLockedPlan}
        crewOptions={[]}
        submitLabel="Save"
        onSubmit={jest.fn()}
        onSaved={jest.fn()}
      />,
    );

  it('should stay visible but locked on Basic, with a link to upgrade on /subscription', () => {
    renderForm(PLANS.basic.name);
    const toggle = smsToggle();
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(new RegExp(`not included on your ${PLANS.basic.name} plan`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium or Enterprise' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('should let Premium turn SMS on', () => {
    renderForm(null);
    const toggle = smsToggle();
    expect(toggle).toBeEnabled();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium or Enterprise' })).toBeNull();
  });

  it("should still let an account that downgraded turn a worker's texts off", () => {
    renderForm(PLANS.basic.name, {
      id: 'w1',
      name: 'Ana',
      email: 'ana@example.com',
      phone: '+12065550100',
      smsOptIn: true,
      crewIds: [],
      isManager: false,
      status: 'active',
    } as Partial<Worker>);
    const toggle = smsToggle();
    expect(toggle).toBeEnabled();
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
  });
});
