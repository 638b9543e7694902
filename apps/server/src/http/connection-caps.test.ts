import { describe, expect, it } from 'vitest';
import { addressKey, ConnectionCaps, defaultCaps, parseOpenFilesLimit, RESERVED_DESCRIPTORS } from './connection-caps';

describe('addressKey', () => {
  it('counts IPv4 per address, written either way', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 per /64, however it is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('ConnectionCaps', () => {
  it('refuses the connection over the per-address cap, and admits it again once one closes', () => {
    const caps = new ConnectionCaps({ total: 100, perAddress: 2 });
    expect(caps.admit('10.0.0.1')).toBeUndefined();
    expect(caps.admit('10.0.0.1')).toBeUndefined();
    expect(caps.admit('10.0.0.1')).toBe('per_address');
    expect(caps.admit('10.0.0.2')).toBeUndefined();
    expect(caps.open).toBe(3);
    caps.release('10.0.0.1');
    expect(caps.openFrom('10.0.0.1')).toBe(1);
    expect(caps.admit('10.0.0.1')).toBeUndefined();
  });

  it('counts an IPv6 /64 as one address', () => {
    const caps = new ConnectionCaps({ total: 100, perAddress: 1 });
    expect(caps.admit('2001:db8::1')).toBeUndefined();
    expect(caps.admit('2001:db8::2')).toBe('per_address');
    expect(caps.admit('2001:db8:0:1::1')).toBeUndefined();
  });

  it('refuses everyone over the total, and refusals count nothing', () => {
    const caps = new ConnectionCaps({ total: 2, perAddress: 2 });
    caps.admit('a');
    caps.admit('b');
    expect(caps.admit('c')).toBe('total');
    expect(caps.open).toBe(2);
    expect(caps.openFrom('c')).toBe(0);
    caps.release('a');
    expect(caps.open).toBe(1);
    expect(caps.openFrom('a')).toBe(0);
  });

  it('counts exempt peers (trusted proxies) only in the total', () => {
    const caps = new ConnectionCaps({ total: 3, perAddress: 1 }, () => true);
    expect(caps.admit('127.0.0.1')).toBeUndefined();
    expect(caps.admit('127.0.0.1')).toBeUndefined();
    expect(caps.admit('127.0.0.1')).toBeUndefined();
    expect(caps.admit('127.0.0.1')).toBe('total');
    expect(caps.openFrom('127.0.0.1')).toBe(0);
  });
});

describe('descriptor limit and default caps', () => {
  const limits = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63450                63450                processes
Max open files            20000                20000                files
Max locked memory         8388608              8388608              bytes`;

  it('reads the open-files limit of /proc/self/limits', () => {
    expect(parseOpenFilesLimit(limits)).toBe(20000);
    expect(parseOpenFilesLimit('Max open files            unlimited            unlimited            files')).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(parseOpenFilesLimit('nothing here')).toBeUndefined();
  });

  it('sizes the total below the descriptor limit and one address well below the total', () => {
    for (const descriptors of [1024, 20_000, 65_536, 1_048_576]) {
      const caps = defaultCaps(descriptors);
      expect(caps.total * 2 + RESERVED_DESCRIPTORS).toBeLessThanOrEqual(descriptors);
      expect(caps.perAddress).toBeLessThanOrEqual(caps.total / 4);
    }
    expect(defaultCaps(20_000)).toEqual({ total: 9744, perAddress: 2048 });
    expect(defaultCaps(1024)).toEqual({ total: 256, perAddress: 64 });
  });
});
