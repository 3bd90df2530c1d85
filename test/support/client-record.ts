import type { Client } from '../../shared/records';

/** A stored client with nothing but its name set; a test names only the fields it depends on. */
export function clientRecord(overrides: Partial<Client> & { id: string; name: string }): Client {
  return {
    contactName: null,
    email: null,
    phone: null,
    address: null,
    notes: null,
    notifyNoWork: false,
    createdAt: '',
    updatedAt: '',
    ...overrides,
  };
}
