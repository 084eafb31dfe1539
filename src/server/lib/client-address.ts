// Who a request comes from, as an attacker would count addresses: one IPv6 host gets a whole /64 (it
// can use any address in it), and a provider hands out /24s of IPv4 and /48s of IPv6 to one site.
// Limits count the host (IPv4 address, IPv6 /64) and, with a wider budget, the network (IPv4 /24,
// IPv6 /48): docs/decisions/0450-limits-that-count-people.md.
import ipaddr from 'ipaddr.js';

export type AddressGroups = {
  /** 'a.b.c.d' or the IPv6 /64 as 'x:x:x:x::/64'. */
  host: string;
  /** 'a.b.c.0/24' or the IPv6 /48 as 'x:x:x::/48'. */
  network: string;
};

function parse(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  // A zone index (fe80::1%eth0) names the interface, not another host.
  const bare = ip.split('%')[0] ?? '';
  if (!ipaddr.isValid(bare)) return null;
  const address = ipaddr.parse(bare);
  // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is that IPv4 client.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address();
  }
  return address;
}

function prefix(address: ipaddr.IPv6, words: number): string {
  const parts = address.parts.slice(0, words).map((p) => p.toString(16));
  return `${parts.join(':')}::/${words * 16}`;
}

/** The host and network a request address belongs to; anything unparsable counts as itself. */
export function addressGroups(ip: string): AddressGroups {
  const address = parse(ip);
  if (!address) return { host: ip, network: ip };
  if (address.kind() === 'ipv4') {
    const octets = (address as ipaddr.IPv4).octets;
    return { host: octets.join('.'), network: `${octets.slice(0, 3).join('.')}.0/24` };
  }
  const v6 = address as ipaddr.IPv6;
  return { host: prefix(v6, 4), network: prefix(v6, 3) };
}

/** Rate-limit key of the host behind an address (see addressGroups). */
export const hostKey = (ip: string): string => addressGroups(ip).host;
/** Rate-limit key of the network behind an address (see addressGroups). */
export const networkKey = (ip: string): string => addressGroups(ip).network;
