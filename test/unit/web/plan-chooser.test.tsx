import { fireEvent, screen, within } from '@testing-library/react';
import { PlanChooser } from '../../../web/src/features/plans/components/plan-chooser';
import { priceDisplay } from '../../../web/src/features/plans/plan-pricing';
import { renderWithProviders } from './render';

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('PlanChooser', () => {
  it('should show the monthly prices of the three plans when it first renders', () => {
    renderWithProviders(<PlanChooser onChoose={() => undefined} />);

    expect(within(card('Basic')).getByText('$29.99')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('$59.99')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('$199.99')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('Billed monthly')).toBeInTheDocument();
    expect(screen.getByText('Save 20%')).toBeInTheDocument();
  });

  it('should show 20% lower monthly equivalents and the yearly totals when Annual is selected', () => {
    renderWithProviders(<PlanChooser onChoose={() => undefined} />);

    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));

    expect(within(card('Basic')).getByText('$23.99')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('Billed $287.90/yr')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('$47.99')).toBeInTheDocument();
    expect(within(card('Premium')).getByText('Billed $575.90/yr')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('$159.99')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('Billed $1,919.90/yr')).toBeInTheDocument();
    expect(screen.queryByText('$29.99')).not.toBeInTheDocument();
  });

  it('should go back to monthly prices when Monthly is selected again', () => {
    renderWithProviders(<PlanChooser onChoose={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(card('Premium')).getByText('$59.99')).toBeInTheDocument();
  });

  it('should report the plan and the selected cycle when a plan button is clicked', () => {
    const onChoose = jest.fn();
    renderWithProviders(<PlanChooser onChoose={onChoose} />);

    fireEvent.click(screen.getByRole('radio', { name: 'Annual' }));
    fireEvent.click(within(card('Premium')).getByRole('button', { name: /Choose Premium/ }));

    expect(onChoose).toHaveBeenCalledWith({ plan: 'premium', billingCycle: 'annual' });
  });

  it('should disable every plan button and label the busy one "Processing..." when checkout is starting', () => {
    const onChoose = jest.fn();
    renderWithProviders(<PlanChooser onChoose={onChoose} processingPlan="basic" />);

    expect(within(card('Basic')).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(card('Premium')).getByRole('button', { name: /Choose Premium/ })).toBeDisabled();
    expect(within(card('Enterprise')).getByRole('button', { name: /Choose Enterprise/ })).toBeDisabled();
  });
});

describe('priceDisplay', () => {
  it.each([
    ['basic', 'monthly', '$29.99', 'Billed monthly'],
    ['basic', 'annual', '$23.99', 'Billed $287.90/yr'],
    ['premium', 'annual', '$47.99', 'Billed $575.90/yr'],
    ['enterprise', 'monthly', '$199.99', 'Billed monthly'],
  ] as const)(
    'should show %s %s as %s, %s when computed from the plan table',
    (plan, cycle, perMonth, billing) => {
      expect(priceDisplay(plan, cycle)).toEqual({ perMonth, billing });
    },
  );
});
