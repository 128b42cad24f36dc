// The system's proxy list (PAC form, as Electron's session.resolveProxy answers) read into a route.
import { describe, expect, it } from 'vitest';
import { chooseProxy } from '../../../src-main/service/proxy-rules.ts';

describe('chooseProxy', () => {
  it('DIRECT, an empty answer: a direct connection', () => {
    expect(chooseProxy('DIRECT')).toEqual({ route: { kind: 'direct' }, skipped: [] });
    expect(chooseProxy('')).toEqual({ route: { kind: 'direct' }, skipped: [] });
  });

  it('PROXY / HTTP, HTTPS and SOCKS5 entries, with their default ports', () => {
    expect(chooseProxy('PROXY proxy.corp:3128; DIRECT').route).toEqual({ kind: 'proxy', uri: 'http://proxy.corp:3128', address: 'proxy.corp:3128' });
    expect(chooseProxy('HTTP proxy.corp').route).toEqual({ kind: 'proxy', uri: 'http://proxy.corp:80', address: 'proxy.corp:80' });
    expect(chooseProxy('HTTPS secure.corp:8443').route).toEqual({ kind: 'proxy', uri: 'https://secure.corp:8443', address: 'secure.corp:8443' });
    expect(chooseProxy('HTTPS secure.corp').route).toMatchObject({ uri: 'https://secure.corp:443' });
    expect(chooseProxy('SOCKS5 10.0.0.1:1080').route).toEqual({ kind: 'proxy', uri: 'socks5://10.0.0.1:1080', address: '10.0.0.1:1080' });
    expect(chooseProxy('proxy [::1]:3128').route).toEqual({ kind: 'proxy', uri: 'http://[::1]:3128', address: '[::1]:3128' });
  });

  it('the first usable entry wins; unsupported ones before it are skipped with the reason', () => {
    const choice = chooseProxy('SOCKS4 old.corp:1080; QUIC fast.corp:443; PROXY proxy.corp:3128; DIRECT');
    expect(choice.route).toMatchObject({ uri: 'http://proxy.corp:3128' });
    expect(choice.skipped).toEqual([
      '"SOCKS4 old.corp:1080": SOCKS4 proxies are not supported (only HTTP, HTTPS and SOCKS5)',
      '"QUIC fast.corp:443": QUIC proxies are not supported (only HTTP, HTTPS and SOCKS5)',
    ]);
  });

  it('nothing usable: direct, saying why', () => {
    expect(chooseProxy('SOCKS old.corp:1080')).toEqual({
      route: { kind: 'direct' },
      skipped: ['"SOCKS old.corp:1080": SOCKS4 proxies are not supported (only HTTP, HTTPS and SOCKS5)'],
    });
    expect(chooseProxy('PROXY').skipped).toEqual(['"PROXY": no host:port']);
    expect(chooseProxy('PROXY user:pw@proxy.corp:3128').skipped).toEqual(['"PROXY user:pw@proxy.corp:3128": not a host:port']);
    expect(chooseProxy('PROXY proxy.corp:99999').skipped).toEqual(['"PROXY proxy.corp:99999": not a host:port']);
    expect(chooseProxy('PROXY proxy.corp/path').skipped).toEqual(['"PROXY proxy.corp/path": not a host:port']);
    expect(chooseProxy('BANANA x:1').skipped).toEqual(['"BANANA x:1": not a proxy entry Linkdock knows']);
    expect(chooseProxy('x'.repeat(5000))).toEqual({ route: { kind: 'direct' }, skipped: ['the proxy settings gave an answer Linkdock cannot read'] });
  });
});
