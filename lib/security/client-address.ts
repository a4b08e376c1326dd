/**
 * Who sent a request. The peer of the TCP connection is the client, unless that peer is one of
 * the reverse proxies listed in TRUSTED_PROXIES: then the client is the nearest address in
 * X-Forwarded-For that is not itself a trusted proxy. A header from anyone else is ignored, so
 * a client cannot pick the address its refusals are counted under.
 */
import { BlockList, isIP } from 'node:net';

export type TrustedProxies = ReadonlyArray<{ address: string; prefix: number; family: 'ipv4' | 'ipv6' }>;

/** Comma-separated addresses or CIDR ranges; a string describing the first bad entry otherwise. */
export function parseTrustedProxies(value: string): TrustedProxies | string {
  const entries: Array<TrustedProxies[number]> = [];
  for (const raw of value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const [address = '', prefixText] = raw.split('/');
    const version = isIP(address);
    const max = version === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (version === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      return `"${raw}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, ::1)`;
    }
    entries.push({ address, prefix, family: version === 6 ? 'ipv6' : 'ipv4' });
  }
  return entries;
}

/** An IPv4 peer seen on a dual-stack socket (`::ffff:10.0.0.1`) is the IPv4 address. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function blockList(proxies: TrustedProxies): BlockList {
  const list = new BlockList();
  for (const proxy of proxies) list.addSubnet(proxy.address, proxy.prefix, proxy.family);
  return list;
}

const lists = new WeakMap<TrustedProxies, BlockList>();

function trusted(address: string, proxies: TrustedProxies): boolean {
  const version = isIP(address);
  if (version === 0 || proxies.length === 0) return false;
  let list = lists.get(proxies);
  if (!list) lists.set(proxies, (list = blockList(proxies)));
  return list.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

/** The client's address: the peer, or (behind trusted proxies) the nearest untrusted forwarded address. */
export function clientAddress(peer: string | undefined, forwardedFor: string | null, proxies: TrustedProxies): string {
  if (!peer) return 'unknown';
  let client = plain(peer);
  if (!forwardedFor || !trusted(client, proxies)) return client;
  const hops = forwardedFor
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index]!;
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!trusted(hop, proxies)) return hop;
  }
  return client;
}
