import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  describeRule,
  thresholdText,
  thresholdValue,
} from '../../../../web/src/features/jobsites/rule-units';
import { ApiError } from '../../../../web/src/lib/api-client';
import { renderJobsiteForm, savedJobsite, type, typePlace } from './jobsite-form-harness';

const OPTIONS = {
  clientOptions: [{ value: 'c1', label: 'Acme Builders' }],
  workerOptions: [{ value: 'w1', label: 'Ana Lopez' }],
  crewOptions: [{ value: 'k1', label: 'Framing' }],
};
const renderForm = (onSubmit?: jest.Mock) => renderJobsiteForm(onSubmit, OPTIONS);

describe('JobsiteForm', () => {
  it('should show the timezone derived from the coordinates as they are typed', () => {
    renderForm();
    expect(screen.getByText(/Derived from the coordinates once both are typed/)).toBeInTheDocument();

    type(/^Latitude/, '41.8781');
    type(/^Longitude/, '-87.6298');

    expect(screen.getByText(/Derived from the coordinates: America\/Chicago\./)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Timezone/ })).toHaveValue('America/Chicago');
  });

  it('should show the schema messages under each field and focus the first when the form is invalid', async () => {
    const onSubmit = renderForm();
    type(/^Latitude/, '95');
    type(/^Work starts/, '07:00');
    type(/^Work ends/, '07:00');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));

    expect(await screen.findByText('Jobsite name is required')).toBeInTheDocument();
    expect(screen.getByText('Latitude must be between -90 and 90')).toBeInTheDocument();
    expect(screen.getByText('Longitude must be a number')).toBeInTheDocument();
    expect(screen.getByText('End time must differ from the start time')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Work ends/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText(/^Jobsite name/)).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should send the rule threshold in canonical units and the derived timezone when saved', async () => {
    const onSubmit = savedJobsite();
    renderForm(onSubmit);
    typePlace('Riverside tower', '41.8781', '-87.6298');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    type('Threshold', '0.1');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const input = onSubmit.mock.calls[0]![0];
    expect(input.timezone).toBe('America/Chicago');
    expect(input.workingDays).toEqual([1, 2, 3, 4, 5]);
    expect(input.noticeTimes).toEqual([
      { time: '18:00', forDay: 'next' },
      { time: '05:00', forDay: 'same' },
    ]);
    expect(input.rules).toHaveLength(1);
    expect(input.rules![0]).toMatchObject({ metric: 'precipitation', op: '>=' });
    expect(input.rules![0]!.threshold).toBeCloseTo(2.54, 6);
  });

  it('should send the anticipated weather days per month, empty months as 0, or null when none are entered', async () => {
    const onSubmit = savedJobsite();
    renderForm(onSubmit);
    typePlace('Riverside tower', '41.8781', '-87.6298');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].anticipatedWeatherDays).toBeNull();

    type('Anticipated weather days in Jan', '4');
    type('Anticipated weather days in Dec', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0].anticipatedWeatherDays).toEqual([4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
  });

  it("should append a preset's rules in the account's units and name the preset's source when a preset is chosen", async () => {
    const onSubmit = savedJobsite();
    renderForm(onSubmit);
    fireEvent.click(screen.getByRole('combobox', { name: 'Add an activity preset' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Crane / lifting' }));

    const thresholds = screen.getAllByLabelText('Threshold') as HTMLInputElement[];
    expect(thresholds.map((t) => t.value)).toEqual(['20', '30']);
    expect(screen.getByText(/OSHA 29 CFR 1926.1431/)).toBeInTheDocument();

    typePlace('Yard crane', '40', '-75');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // Untouched preset thresholds go back exactly as the preset stores them.
    expect(onSubmit.mock.calls[0]![0].rules!.map((r) => r.threshold)).toEqual([20 * 1.609344, 30 * 1.609344]);
  });

  it('should show the plan limit with a link to the plans when the API answers 403', async () => {
    renderForm(jest.fn(() => Promise.reject(new ApiError(403, 'Your Basic plan allows 1 jobsite.'))));
    typePlace('Second site', '40', '-75');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));

    expect(await screen.findByText('Your Basic plan allows 1 jobsite.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });
});

describe('JobsiteForm recipients limit', () => {
  it("should show the API's limit on workers and crews together under the Workers picker", async () => {
    const reason =
      'A save can add and remove at most 40 workers and crews together; save the change in two steps';
    renderForm(jest.fn(() => Promise.reject(new ApiError(400, reason, 'recipients'))));
    typePlace('Big site', '40', '-75');
    fireEvent.click(screen.getByRole('button', { name: 'Create jobsite' }));

    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^Workers/)[0]).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('rule units', () => {
  it.each([
    ['temperature', 4.444444, '40'],
    ['wind_gusts', 48.28032, '30'],
    ['precipitation', 2.54, '0.1'],
    ['relative_humidity', 85, '85'],
  ] as const)(
    'should show %s %s (canonical) as %s in US units and read it back',
    (metric, canonical, shown) => {
      expect(thresholdText(metric, 'us', canonical)).toBe(shown);
      expect(thresholdValue(metric, 'us', shown)).toBeCloseTo(canonical, 3);
    },
  );

  it('should describe a rule in the account units', () => {
    expect(describeRule({ metric: 'wind_speed', op: '>=', threshold: 32.18688 }, 'us')).toBe(
      'Wind speed ≥ 20 mph',
    );
    expect(describeRule({ metric: 'wind_speed', op: '>=', threshold: 32.18688 }, 'metric')).toBe(
      'Wind speed ≥ 32 km/h',
    );
  });
});
