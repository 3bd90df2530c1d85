/**
 * @jest-environment ./test/unit/web/jsdom-with-fetch.cjs
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import type { Client } from '../../../../shared/records/client';
import { theme } from '../../../../web/src/app/theme';
import { ClientForm } from '../../../../web/src/features/clients/components/client-form';

function renderForm(onSubmit: () => Promise<Client>) {
  const router = createMemoryRouter(
    [
      {
        path: '/clients/new',
        element: (
          <>
            <Link to="/clients">Clients</Link>
            <ClientForm
              submitLabel="Create client"
              onSubmit={onSubmit}
              onSaved={() => void router.navigate('/clients')}
            />
          </>
        ),
      },
      { path: '/clients', element: <h1>All clients</h1> },
    ],
    { initialEntries: ['/clients/new'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const saved = { id: 'c1', name: 'Acme' } as Client;

describe('leaving a form with unsaved changes', () => {
  it('should ask before leaving and stay when the user chooses to stay', async () => {
    const router = renderForm(() => Promise.resolve(saved));
    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Acme' } });

    fireEvent.click(screen.getByRole('link', { name: 'Clients' }));

    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/new'));
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Acme');
  });

  it('should leave without asking when nothing was typed, or once the form is saved', async () => {
    const router = renderForm(() => Promise.resolve(saved));
    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Acme' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create client' }));

    expect(
      await screen.findByRole('heading', { name: 'All clients' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });
});
