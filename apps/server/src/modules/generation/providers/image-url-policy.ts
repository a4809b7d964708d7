import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Why a linked image was not fetched; the provider's error (and the job's log line) carries it. */
export class RefusedImageUrl extends Error {}

/** Hosts compared as URLs spell them: lower case, IPv6 without brackets. */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** Loopback, private (RFC 1918, unique local), link-local (cloud metadata), and the other ranges no public image lives in. */
function isInternal(address: string): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() !== 'unicast';
}

/**
 * Where an OpenAI-compatible server's image link may point (`baseUrl`: OPENAI_BASE_URL): https,
 * or http only when the base URL is http itself and the link is on its host; after DNS, no
 * loopback, private or link-local address unless the host is the base URL's own (a server on
 * this machine or network linking its own pictures). A compatible server is exactly what an
 * operator may not control, and its links must not reach the metadata service or our own ports.
 */
export function imageUrlPolicy(
  baseUrl: string | undefined,
  resolve: (host: string) => Promise<string[]> = defaultResolve,
) {
  const base = baseUrl ? new URL(baseUrl) : undefined;
  const baseHost = base ? hostOf(base) : undefined;
  return async function check(link: URL): Promise<void> {
    const host = hostOf(link);
    const ownHost = host === baseHost;
    if (link.protocol === 'http:') {
      if (!(base?.protocol === 'http:' && ownHost))
        throw new RefusedImageUrl(`plain http to ${host}, which is not the base URL's host`);
    } else if (link.protocol !== 'https:') {
      throw new RefusedImageUrl(`the scheme ${link.protocol}`);
    }
    if (ownHost) return;
    const addresses = ipaddr.isValid(host)
      ? [host]
      : await resolve(host).catch(() => {
          throw new RefusedImageUrl(`${host} does not resolve`);
        });
    const internal = addresses.find(isInternal);
    if (internal) throw new RefusedImageUrl(`${host} resolves to the internal address ${internal}`);
  };
}

async function defaultResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}
