import { clientKey } from './rate-limiter.js';

describe('clientKey', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 network', () => {
    expect(clientKey('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(clientKey('2001:db8:abcd:12::9')).toBe('2001:db8:abcd:12::/64');
    expect(clientKey('2001:0db8:abcd:0012:ffff::1')).toBe('2001:db8:abcd:12::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:abcd:13::1')).not.toBe(clientKey('2001:db8:abcd:12::1'));
  });
});
