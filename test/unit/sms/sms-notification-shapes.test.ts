import { readSmsNotification } from '../../../lambdas/core/sms/sms-events';
import { locationProblem } from '../../../lambdas/core/weather/forecast-input';

// A JSON body can carry an object whose own `toString` is not a function; quoting such a value with
// String() throws, and the request that carried it answered 500.
const hostile = { toString: {} };

describe('values from a JSON body quoted back', () => {
  it('should read an inbound text whose message id is an object as one without an id', () => {
    expect(
      readSmsNotification({
        originationNumber: '+15551234567',
        messageBody: 'STOP',
        inboundMessageId: hostile,
      }),
    ).toEqual({ type: 'inbound', from: '+15551234567', body: 'STOP', inboundMessageId: '' });
  });

  it.each([
    [{ latitude: hostile, longitude: 0 }, 'Invalid latitude: must be a number between -90 and 90'],
    [{ latitude: 0, longitude: [hostile] }, 'Invalid longitude: must be a number between -180 and 180'],
    [{ latitude: 91, longitude: 0 }, 'Invalid latitude 91: must be between -90 and 90'],
    [{ latitude: 40, longitude: -100 }, null],
  ])('should say what is wrong with %j', (location, expected) => {
    expect(locationProblem(location as never)).toBe(expected);
  });
});
