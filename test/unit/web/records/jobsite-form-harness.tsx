import { fireEvent, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import type { Jobsite } from '../../../../shared/records/jobsite';
import { JobsiteForm } from '../../../../web/src/features/jobsites/components/jobsite-form';
import { renderWithProviders } from '../render';

/** Types into the input with this label as a user would (one change event). */
export const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A new-jobsite form in US units with nothing to choose from; `props` adds or replaces any prop. */
export function renderJobsiteForm(
  onSubmit: jest.Mock = jest.fn(),
  props: Partial<ComponentProps<typeof JobsiteForm>> = {},
) {
  renderWithProviders(
    <JobsiteForm
      units="us"
      clientOptions={[]}
      workerOptions={[]}
      crewOptions={[]}
      submitLabel="Create jobsite"
      onSubmit={onSubmit}
      onSaved={() => undefined}
      {...props}
    />,
  );
  return onSubmit;
}

/** An onSubmit that answers with the jobsite as sent, given an id (the API's 201). */
export const savedJobsite = () =>
  jest.fn((input: Partial<Jobsite>) => Promise.resolve({ ...input, id: 'j1' } as Jobsite));

/** The three fields every valid jobsite needs: its name and coordinates. */
export function typePlace(name: string, latitude: string, longitude: string) {
  type(/^Jobsite name/, name);
  type(/^Latitude/, latitude);
  type(/^Longitude/, longitude);
}
