/** F5: X-Forwarded-For names the client only when the peer is a trusted proxy. */
import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies, type TrustedProxies } from '@/lib/security/client-address';

const proxies = parseTrustedProxies('10.0.0.0/8, ::1') as TrustedProxies;

describe('the source of a request', () => {
  it('is the peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', [])).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7', '1.2.3.4, 5.6.7.8', [])).toBe('203.0.113.7');
  });

  it('is the nearest untrusted forwarded address behind trusted proxies', () => {
    expect(clientAddress('10.1.2.3', '198.51.100.1', proxies)).toBe('198.51.100.1');
    // A forged first entry is ignored: the proxy appended the real client last.
    expect(clientAddress('10.1.2.3', '6.6.6.6, 198.51.100.1, 10.9.9.9', proxies)).toBe('198.51.100.1');
    expect(clientAddress('203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7');
    expect(clientAddress('10.1.2.3', 'garbage', proxies)).toBe('10.1.2.3');
  });

  it('refuses a bad TRUSTED_PROXIES entry', () => {
    expect(parseTrustedProxies('10.0.0.0/33')).toMatch(/not an IP address or CIDR range/);
    expect(parseTrustedProxies('')).toEqual([]);
  });
});
