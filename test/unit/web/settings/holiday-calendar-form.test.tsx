import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HolidayCalendarSection } from '../../../../web/src/features/settings/components/holiday-calendar-form';
import { answerFetchWith, fakeAuth, renderWithProviders, withQuery } from '../render';

jest.mock('../../../../web/src/lib/auth/load-auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ idToken: () => Promise.resolve('id-token') }),
}));

const CALENDAR = {
  country: 'US',
  region: null,
  dates: [{ date: '2026-11-26', name: 'Thanksgiving Day', source: 'preset' }],
  extraDates: [],
};
const COUNTRIES = {
  countries: [
    { code: 'CA', name: 'Canada', regions: [{ code: 'ON', name: 'Ontario' }] },
    { code: 'US', name: 'United States of America', regions: [{ code: 'CA', name: 'California' }] },
  ],
};

const answering = () =>
  answerFetchWith((path, init) =>
    String(path).includes('/countries')
      ? COUNTRIES
      : init?.method === 'PUT'
        ? { ...CALENDAR, extraDates: JSON.parse(String(init.body)).extraDates }
        : CALENDAR,
  );

const renderSection = () =>
  renderWithProviders(withQuery(<HolidayCalendarSection />), {
    auth: fakeAuth({ status: 'signedIn', user: { sub: 'u1', email: 'a@example.com' } as never }),
  });

describe('the holiday calendar in Settings', () => {
  it("should show the account's country and the year's holidays, and save a day off", async () => {
    const fetchMock = answering();
    renderSection();

    const country = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toHaveValue('United States of America'));
    expect(screen.getByText('Thanksgiving Day')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a day off' }));
    fireEvent.change(screen.getByLabelText('Day off 1 date'), { target: { value: '2026-12-24' } });
    fireEvent.change(screen.getByLabelText('Day off 1 name'), { target: { value: 'Shop closed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save holiday calendar' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      country: 'US',
      region: null,
      extraDates: [{ date: '2026-12-24', name: 'Shop closed' }],
    });
  });

  it('should name the field when a day off has no name', async () => {
    answering();
    renderSection();
    await screen.findByRole('combobox', { name: 'Country' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a day off' }));
    fireEvent.change(screen.getByLabelText('Day off 1 date'), { target: { value: '2026-12-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save holiday calendar' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });
});
