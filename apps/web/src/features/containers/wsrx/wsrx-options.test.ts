import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WSRX_OPTIONS,
  normaliseDaemonApi,
  parseWsrxOptions,
  siteName,
  tunnelListenAddress,
} from './wsrx-options';

describe('stored wsrx options', () => {
  it('defaults to the loopback daemon on port 3307, enabled, loopback tunnels', () => {
    expect(parseWsrxOptions(null)).toEqual({
      api: 'http://127.0.0.1:3307',
      name: 'Flagpole::CTF',
      allowLan: false,
      enabled: true,
    });
  });

  it('keeps valid fields and replaces malformed ones one by one', () => {
    expect(
      parseWsrxOptions(
        JSON.stringify({ api: 'http://localhost:4000/', name: 'Autumn::CTF', allowLan: true, enabled: 'no' }),
      ),
    ).toEqual({ api: 'http://localhost:4000', name: 'Autumn::CTF', allowLan: true, enabled: true });
    expect(parseWsrxOptions(JSON.stringify({ api: 'javascript:alert(1)' })).api).toBe(DEFAULT_WSRX_OPTIONS.api);
    expect(parseWsrxOptions('{not json')).toEqual(DEFAULT_WSRX_OPTIONS);
    expect(parseWsrxOptions('[1,2]').api).toBe(DEFAULT_WSRX_OPTIONS.api);
  });

  it('accepts only plain http(s) daemon addresses', () => {
    expect(normaliseDaemonApi(' http://127.0.0.1:3307/ ')).toBe('http://127.0.0.1:3307');
    expect(normaliseDaemonApi('ftp://127.0.0.1')).toBeNull();
    expect(normaliseDaemonApi('http://u:p@127.0.0.1')).toBeNull();
    expect(normaliseDaemonApi('127.0.0.1:3307')).toBeNull();
  });

  it('names the site after the platform and listens on loopback unless LAN use is allowed', () => {
    expect(siteName('Autumn CTF')).toBe('Autumn CTF::CTF');
    expect(siteName(' ')).toBe('Flagpole::CTF');
    expect(tunnelListenAddress({ allowLan: false })).toBe('127.0.0.1:0');
    expect(tunnelListenAddress({ allowLan: true })).toBe('0.0.0.0:0');
  });
});
