import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Client } from '../../../../shared/records/client';
import { ClientForm } from '../../../../web/src/features/clients/components/client-form';
import { ApiError } from '../../../../web/src/lib/api-client';
import { renderWithProviders } from '../render';
import { clientRecord } from '../../../support/client-record';

const stored = (input: object): Client =>
  clientRecord({
    id: 'c-1',
    name: 'Acme Builders',
    createdAt: '2026-11-23T00:00:00Z',
    updatedAt: '2026-11-23T00:00:00Z',
    ...input,
  });

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create client' }));
}

describe('ClientForm', () => {
  it('should show the schema message under the name, mark it invalid and focus it when the name is empty', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(
      <ClientForm submitLabel="Create client" onSubmit={onSubmit} onSaved={() => undefined} />,
    );

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    submit();

    const name = screen.getByLabelText(/Company name/);
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(screen.getByLabelText('Email')).toHaveValue('not-an-email');
  });

  it('should send the parsed input (empty optional fields as null, email lower-cased) when the form is valid', async () => {
    const onSubmit = jest.fn((input: object) => Promise.resolve(stored(input)));
    const onSaved = jest.fn();
    renderWithProviders(<ClientForm submitLabel="Create client" onSubmit={onSubmit} onSaved={onSaved} />);

    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: '  Acme Builders ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ops@Acme.example' } });
    submit();

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Acme Builders',
      contactName: null,
      email: 'ops@acme.example',
      phone: null,
      address: null,
      notes: null,
      notifyNoWork: false,
    });
  });

  it("should put the server's field errors under the same inputs and keep other reasons in an alert when the API answers 400", async () => {
    const onSubmit = jest.fn(() =>
      Promise.reject(
        new ApiError(400, 'Enter a phone number with 7 to 20 digits', 'phone', undefined, {
          phone: 'Enter a phone number with 7 to 20 digits',
          tenantId: 'Not allowed',
        }),
      ),
    );
    renderWithProviders(
      <ClientForm submitLabel="Create client" onSubmit={onSubmit} onSaved={() => undefined} />,
    );

    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555 0100 200' } });
    submit();

    expect(await screen.findByText('Enter a phone number with 7 to 20 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Not allowed')).toBeInTheDocument();
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Acme');
  });
});
