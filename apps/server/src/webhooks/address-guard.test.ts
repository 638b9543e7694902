import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './address-guard';
import { RefusedAddressError, resolvePublic } from './webhook-sender';

describe('webhook address guard', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['1.1.1.1', '8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('refuses a host whose resolved addresses include a private one, unless allowed', async () => {
    await expect(resolvePublic('localhost', false)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(resolvePublic('[::1]', false)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(resolvePublic('127.0.0.1', true)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });
});
