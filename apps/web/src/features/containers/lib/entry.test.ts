import { describe, expect, it } from 'vitest';
import { instanceAddress, isProxyEntry } from './entry';

const guid = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';
const page = { protocol: 'https:', host: 'ctf.example.org' };

describe('the address a player connects to', () => {
  it('is host:port as given in Default mode', () => {
    expect(instanceAddress('10.0.0.5:32768', 'Default', page)).toBe('10.0.0.5:32768');
    expect(instanceAddress(guid, 'Default', page)).toBe(guid);
  });

  it('is a websocket on the page host under the platform proxy', () => {
    expect(instanceAddress(guid, 'PlatformProxy', page)).toBe(
      'wss://ctf.example.org/api/proxy/3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    );
    expect(
      instanceAddress(guid, 'PlatformProxy', { protocol: 'http:', host: '127.0.0.1:8080' }, { noInstance: true }),
    ).toBe('ws://127.0.0.1:8080/api/proxy/noinst/3f2504e0-4f89-11d3-9a0c-0305e82c3301');
  });

  it('leaves a host:port entry alone even in proxy mode', () => {
    expect(isProxyEntry('127.0.0.1:1234')).toBe(false);
    expect(instanceAddress('127.0.0.1:1234', 'PlatformProxy', page)).toBe('127.0.0.1:1234');
  });
});
