import { screen } from '@testing-library/react';
import { BarChart, countTicks, roundTicks } from '../../../web/src/components/bar-chart';
import { renderWithProviders } from './render';

const slots = [
  { label: 'Feb', longLabel: 'February 2026' },
  { label: 'Mar', longLabel: 'March 2026' },
];

describe('bar chart', () => {
  it('should round the axis to four steps of 1, 2 or 5 times a power of ten', () => {
    expect(roundTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(roundTicks(930)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(roundTicks(12_345)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
  });

  it('should give counts whole-number ticks, at least 0 to 2', () => {
    expect(countTicks(0)).toEqual([0, 1, 2]);
    expect(countTicks(3)).toEqual([0, 2, 4]);
    expect(countTicks(17)).toEqual([0, 10, 20]);
  });

  it('should name the image with its title and every figure, one bar per slot and series', () => {
    const { container } = renderWithProviders(
      <BarChart
        title="Messages sent"
        slots={slots}
        series={[
          { label: 'Notices', color: 'red', values: [1, 2], format: (v) => `${v} notices` },
          { label: 'Updates', color: 'yellow', values: [0, 3], format: (v) => `${v} updates` },
        ]}
        size="sm"
        ticks={countTicks}
        heading
      />,
    );
    expect(
      screen.getByRole('img', {
        name: 'Messages sent: February 2026: 1 notices, 0 updates; March 2026: 2 notices, 3 updates',
      }),
    ).toBeInTheDocument();
    expect(container.querySelectorAll('rect')).toHaveLength(4);
    expect(screen.getByText('Updates')).toBeInTheDocument();
  });
});
