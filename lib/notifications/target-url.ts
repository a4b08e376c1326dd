/**
 * Where a webhook may point. Channels are configured by ops only, and receivers inside the
 * network (a chat bridge, an on-call tool, the local receiver of `npm start`) are the usual case,
 * so private and loopback addresses are allowed. What is refused: anything but http(s), user
 * names or passwords in the URL, and addresses no receiver lives at but a cloud's metadata
 * service or the host's own wildcard do (link-local, unspecified, multicast), checked on the
 * name as typed and again on every address it resolves to before each send. Redirects are not
 * followed (a redirect is a failed attempt), so a receiver cannot bounce the request elsewhere.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addSubnet('224.0.0.0', 4, 'ipv4');
refused.addSubnet('255.255.255.255', 32, 'ipv4');
refused.addAddress('::', 'ipv6');
refused.addSubnet('fe80::', 10, 'ipv6');
refused.addSubnet('ff00::', 8, 'ipv6');

function refusedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return refused.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 4 ? refused.check(address, 'ipv4') : family === 6 ? refused.check(address, 'ipv6') : false;
}

/** Why `value` cannot be a webhook's URL, or null when it can. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http:// and https:// URLs are sent to';
  if (url.username || url.password) return 'a URL with a user name or password is not accepted';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (refusedAddress(host)) return `${host} is a link-local, unspecified or multicast address`;
  return null;
}

/** Resolves the URL's host and refuses it when any address is one of the refused ranges. */
export async function checkWebhookTarget(value: string): Promise<void> {
  const problem = webhookUrlProblem(value);
  if (problem) throw new Error(`refused URL: ${problem}`);
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return;
  const addresses = await lookup(host, { all: true });
  const bad = addresses.find((entry) => refusedAddress(entry.address));
  if (bad)
    throw new Error(`refused URL: ${host} resolves to ${bad.address}, a link-local, unspecified or multicast address`);
}
