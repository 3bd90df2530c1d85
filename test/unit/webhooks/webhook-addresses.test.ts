import { assertWebhookUrl, isBlockedAddress } from '../../../lambdas/core/webhooks/webhook-addresses';
import { ValidationError } from '../../../lambdas/core/errors';

const inAws = { allowLoopback: false };
const local = { allowLoopback: true };

function refusal(url: string, policy = inAws): string | null {
  try {
    assertWebhookUrl(url, policy);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields.url ?? null;
  }
}

describe('webhook address rules', () => {
  const blockedIpv4 = {
    loopback: ['127.0.0.1', '127.8.9.10'],
    private: ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1'],
    'link-local, the cloud metadata address': ['169.254.169.254'],
    'carrier-grade NAT': ['100.64.0.1'],
    'unspecified, multicast and broadcast': ['0.0.0.0', '224.0.0.1', '255.255.255.255'],
  };
  it.each(Object.values(blockedIpv4).flat())('should refuse the IPv4 address %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '11.0.0.1'])(
    'should allow the public IPv4 address %s',
    (ip) => {
      expect(isBlockedAddress(ip)).toBe(false);
    },
  );

  it.each([
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:a00:1::1',
    '[::1]',
    'fe80::1%eth0',
  ])('should refuse the IPv6 address %s, IPv4 inside it included', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'should allow the public IPv6 address %s',
    (ip) => {
      expect(isBlockedAddress(ip)).toBe(false);
    },
  );

  it('should accept a public https URL', () => {
    expect(refusal('https://hooks.example.com/raincheck')).toBeNull();
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://[::ffff:169.254.169.254]/latest',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5/hook',
    'https://2130706433/hook',
    'https://0x7f.0.0.1/hook',
    'https://017700000001/hook',
    'https://localhost/hook',
    'https://api.localhost/hook',
  ])('should refuse %s in AWS, naming the url field', (url) => {
    expect(refusal(url)).toBe('URL must reach a public address (not a private, loopback or link-local one)');
  });

  it('should refuse plain http to a public host', () => {
    expect(refusal('http://hooks.example.com/x')).toBe('URL must start with https://');
    expect(refusal('http://hooks.example.com/x', local)).toBe('URL must start with https://');
  });

  it('should refuse http://localhost unless the stack is local', () => {
    expect(refusal('http://localhost:4000/hook')).toBe('URL must start with https://');
    expect(refusal('http://localhost:4000/hook', local)).toBeNull();
    expect(refusal('http://127.0.0.1:4000/hook', local)).toBeNull();
  });

  it('should still refuse other private addresses when the stack is local', () => {
    expect(refusal('http://10.0.0.5/hook', local)).toBe('URL must start with https://');
    expect(refusal('https://192.168.0.10/hook', local)).toBe(
      'URL must reach a public address (not a private, loopback or link-local one)',
    );
  });

  it('should refuse credentials in the URL and anything that is not a URL', () => {
    expect(refusal('https://user:pass@hooks.example.com/')).toBe(
      'URL must not contain a user name or password',
    );
    expect(refusal('not a url')).toBe('URL must be a full address like https://example.com/hooks');
    expect(refusal('ftp://hooks.example.com/')).toBe('URL must start with https://');
  });
});
