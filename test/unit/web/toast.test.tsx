import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { toast } from '../../../web/src/lib/toast';
import { renderWithProviders } from './render';

/** Advances fake time in small steps, letting React commit between them (as real time would). */
function advance(ms: number, step = 50) {
  for (let elapsed = 0; elapsed < ms; elapsed += step) {
    act(() => jest.advanceTimersByTime(Math.min(step, ms - elapsed)));
  }
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => notifications.clean());
    jest.useRealTimers();
  });

  it('should keep a toast for 5 seconds and then remove it when nobody touches it', () => {
    renderWithProviders(<div />);

    act(() => {
      toast.success('Profile saved');
    });
    expect(screen.getByText('Profile saved')).toBeInTheDocument();

    advance(4950);
    expect(screen.getByText('Profile saved')).toBeInTheDocument();

    // At 5 s the toast leaves; its exit transition takes a few hundred milliseconds at most.
    advance(550);
    expect(screen.queryByText('Profile saved')).not.toBeInTheDocument();
  });

  it.each(['success', 'error', 'warning', 'info'] as const)(
    'should remove a %s toast before its 5 seconds are up when its close button is clicked',
    (type) => {
      renderWithProviders(<div />);
      act(() => {
        toast[type](`A ${type} message`);
      });
      advance(1000);
      expect(screen.getByText(`A ${type} message`)).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
      advance(500);
      expect(screen.queryByText(`A ${type} message`)).not.toBeInTheDocument();
    },
  );
});
