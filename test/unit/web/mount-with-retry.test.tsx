import { MESSAGES } from '../../../shared/messages';
import { mountWithRetry, showMountFailure } from '../../../web/src/lib/mount-with-retry';

describe('mountWithRetry', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should retry 3 times 1 second apart and then give up when every attempt throws', async () => {
    const mount = jest.fn(() => {
      throw new Error('render failed');
    });
    const onGiveUp = jest.fn();

    const done = mountWithRetry(mount, { onGiveUp });
    await jest.advanceTimersByTimeAsync(0);
    expect(mount).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(999);
    expect(mount).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(mount).toHaveBeenCalledTimes(2);

    await jest.advanceTimersByTimeAsync(1000);
    expect(mount).toHaveBeenCalledTimes(3);
    expect(onGiveUp).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(1000);
    expect(mount).toHaveBeenCalledTimes(4);
    await expect(done).resolves.toBe(false);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(onGiveUp).toHaveBeenCalledWith(new Error('render failed'));

    await jest.advanceTimersByTimeAsync(10_000);
    expect(mount).toHaveBeenCalledTimes(4);
  });

  it('should stop retrying and not give up when a retry succeeds', async () => {
    const mount = jest
      .fn<Promise<void>, []>()
      .mockRejectedValueOnce(new Error('config unavailable'))
      .mockResolvedValueOnce(undefined);
    const onGiveUp = jest.fn();

    const done = mountWithRetry(mount, { onGiveUp });
    await jest.advanceTimersByTimeAsync(1000);

    await expect(done).resolves.toBe(true);
    expect(mount).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(5000);
    expect(mount).toHaveBeenCalledTimes(2);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('should show the spec failure message when the retries are exhausted', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<p>half-rendered</p>';
    document.body.appendChild(container);

    const done = mountWithRetry(
      () => {
        throw new Error('nope');
      },
      { onGiveUp: () => showMountFailure(container) },
    );
    await jest.advanceTimersByTimeAsync(2999);
    expect(container).not.toHaveTextContent(MESSAGES.appFailedToLoad);
    await jest.advanceTimersByTimeAsync(1);
    await done;

    expect(container.querySelector('[role="alert"]')).toHaveTextContent(
      'Application Failed to Load. Please refresh the page or contact support if the problem persists.',
    );
    expect(container).not.toHaveTextContent('half-rendered');
    container.remove();
  });
});
