import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { clientKey, parseTrustProxy } from './client-key.ts';

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 2001:db8::/32 ,127.0.0.1', ['10.0.0.0/8', '2001:db8::/32', '127.0.0.1']],
  ])('%s is read as %o', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1,', '0x0a000001', '-1'])('refuses %s at start-up', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: must be true, false, a hop count, or comma-separated proxy addresses\/CIDRs/,
    );
  });
});
