import { App } from 'aws-cdk-lib';
import { DEFAULT_SETTINGS, mailFromAddress, readSettings } from '../../infra/settings';

const settingsFrom = (context: Record<string, unknown>) => readSettings(new App({ context }).node);

describe('infra settings', () => {
  it('should use the defaults when the context sets nothing', () => {
    expect(settingsFrom({})).toEqual(DEFAULT_SETTINGS);
  });

  it('should read a flag given as a string when set with -c on the command line', () => {
    expect(settingsFrom({ 'raincheck:threatProtection': 'true' }).threatProtection).toBe(true);
  });

  it('should refuse a weather key parameter name when it is not a full path', () => {
    expect(() => settingsFrom({ 'raincheck:weatherApiKeyParam': 'weather-api-key' })).toThrow(
      /starting with \//,
    );
  });

  it('should take the address out of a sender when it has a display name', () => {
    expect(mailFromAddress('Raincheck <alerts@example.com>')).toBe('alerts@example.com');
    expect(mailFromAddress('alerts@example.com')).toBe('alerts@example.com');
  });

  it('should refuse a sender when it holds no email address', () => {
    expect(() => mailFromAddress('Raincheck')).toThrow(/does not contain an email address/);
  });
});
