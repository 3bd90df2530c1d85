import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Jobsite } from '../../../../shared/records/jobsite';
import { JobsiteForm } from '../../../../web/src/features/jobsites/components/jobsite-form';
import { ApiError } from '../../../../web/src/lib/api-client';
import { jobsiteRecord } from '../../../support/jobsite-record';
import { renderWithProviders } from '../render';

const saved = (input: Partial<Jobsite>) => Promise.resolve({ ...input, id: 'j1' } as Jobsite);

function renderForm(onSubmit: jest.Mock, jobsite?: Partial<Jobsite>) {
  renderWithProviders(
    <JobsiteForm
      units="us"
      jobsite={jobsite as Jobsite | undefined}
      clientOptions={[]}
      workerOptions={[
        { value: 'w1', label: 'Ana Lopez' },
        { value: 'w2', label: 'Ben Ode' },
      ]}
      crewOptions={[]}
      submitLabel="Save"
      onSubmit={onSubmit}
      onSaved={() => undefined}
    />,
  );
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillPlace() {
  type(/^Jobsite name/, 'Riverside tower');
  type(/^Latitude/, '41.8781');
  type(/^Longitude/, '-87.6298');
}

describe('the jobsite form’s crew confirmation', () => {
  it('should send no foreman and the 30-minute window when left as it starts', async () => {
    const onSubmit = jest.fn(saved);
    renderForm(onSubmit);
    fillPlace();
    expect(screen.getByLabelText(/^Escalate after/)).toHaveValue('30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ foremanWorkerId: null, escalationMinutes: 30 });
  });

  it('should refuse a window under 5 minutes with the reason under the field', async () => {
    const onSubmit = jest.fn(saved);
    renderForm(onSubmit);
    fillPlace();
    type(/^Escalate after/, '3');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Escalation minutes must be between 5 and 240')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should keep the stored foreman and window when another field is edited', async () => {
    const onSubmit = jest.fn(saved);
    renderForm(
      onSubmit,
      jobsiteRecord({
        id: 'j1',
        name: 'Harbor',
        latitude: 41.8781,
        longitude: -87.6298,
        foremanWorkerId: 'w2',
        escalationMinutes: 45,
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      }),
    );
    expect(screen.getByRole('combobox', { name: /^Foreman/ })).toHaveValue('Ben Ode');
    type(/^Jobsite name/, 'Harbor North');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ foremanWorkerId: 'w2', escalationMinutes: 45 });
  });

  it('should show the server’s reason for the foreman under the Foreman field', async () => {
    const onSubmit = jest.fn(() =>
      Promise.reject(
        new ApiError(400, 'Unknown worker: w9', 'foremanWorkerId', undefined, {
          foremanWorkerId: 'Unknown worker: w9',
        }),
      ),
    );
    renderForm(onSubmit);
    fillPlace();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown worker: w9')).toBeInTheDocument();
  });
});
