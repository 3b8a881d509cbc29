import { DeviceCookies } from './device-cookies.js';

describe('DeviceCookies', () => {
  const cookies = new DeviceCookies('a-secret-of-at-least-thirty-two-characters');

  it('reads back what it issued: the account and a fresh nonce each time', () => {
    const one = cookies.read(cookies.issue(42));
    const two = cookies.read(cookies.issue(42));
    expect(one?.userId).toBe(42);
    expect(two?.userId).toBe(42);
    expect(one?.nonce).not.toBe(two?.nonce);
  });

  it('refuses a cookie whose account, nonce or signature was edited, or signed with another secret', () => {
    const value = cookies.issue(42);
    const [version, , nonce, signature] = value.split('.');
    expect(cookies.read(`${version}.43.${nonce}.${signature}`)).toBeNull();
    expect(cookies.read(`${version}.42.${'A'.repeat(22)}.${signature}`)).toBeNull();
    expect(cookies.read(`${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(new DeviceCookies('another-secret-of-thirty-two-characters!').read(value)).toBeNull();
  });

  it('refuses anything that is not a device cookie, without throwing', () => {
    for (const junk of [undefined, null, '', 'd1', 'd1.1.2.3', 'd1.0.x.y', `${cookies.issue(1)}.extra`, 'd1.99999999999.aaaaaaaaaaaaaaaaaaaaaa.' + 'a'.repeat(43), '\ud800', 'x'.repeat(10_000)]) {
      expect(cookies.read(junk)).toBeNull();
    }
  });
});
