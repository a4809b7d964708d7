import ipaddr from 'ipaddr.js';

/**
 * The key per-IP limits count under. One IPv6 subscriber gets a whole /64 (2^64 addresses), so
 * counting single IPv6 addresses would let anyone rotate past every limit: group by /64. IPv4 (and
 * IPv4-mapped IPv6, as a dual-stack socket reports it) counts per address.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * TRUST_PROXY, in the forms Fastify's `trustProxy` takes: true/false, a hop count, or
 * comma-separated addresses and CIDR ranges of the proxies. Undefined when malformed.
 */
export function parseTrustProxy(value: string): boolean | number | string[] | undefined {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false' || trimmed === '') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  // Strict forms only: ipaddr.js would also read "10" or "0x0a000001" as addresses.
  const valid = entries.every((entry) =>
    entry.includes('/')
      ? ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) || ipaddr.IPv6.isValidCIDR(entry)
      : ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry),
  );
  return valid && entries.length > 0 ? entries : undefined;
}
