/**
 * Where the proxy moves the `x-forwarded-for` a request arrived with. It then removes
 * `x-forwarded-for` itself, which `next start` refills from the TCP socket before rendering
 * (it only fills a missing one): so pages and actions read the socket's address there, and
 * the client's claims here. A client that sends this header has it replaced.
 */
export const FORWARDED_CHAIN_HEADER = 'x-plankit-forwarded-for';

/**
 * The client's address: the TCP peer's, or, behind `trustedHops` reverse proxies that each
 * append the address they saw to `x-forwarded-for`, the entry that many hops back (the
 * rightmost entries are the ones our proxies wrote; anything further left is the client's
 * own claim). Express's numeric `trust proxy` rule (proxy-addr): walk from the socket
 * leftwards through the chain, trusting `trustedHops` hops.
 */
export function clientAddressOf(
  socketAddress: string | null,
  forwardedFor: string | null,
  trustedHops: number,
): string | null {
  if (!socketAddress) return null;
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const addresses = [socketAddress.trim(), ...chain];
  return addresses[Math.min(trustedHops, addresses.length - 1)] || null;
}
