// In src/server because sign-in (better-auth's rate limits) and the abuse limits on public forms both
// count attempts per client address, and neither feature should import the other to learn it.
import { env } from './config/env.server';

/** The header that carries the trusted client address to better-auth (any copy the client sent is replaced). */
export const CLIENT_IP_HEADER = 'x-store-client-ip';

export interface IncomingRequest {
  request: Request;
  clientAddress: string;
}

/**
 * The shopper's address. Behind TRUST_PROXY_HOPS reverse proxies it is the entry those proxies appended
 * to X-Forwarded-For (counted from the right: a client can forge entries on the left, not these).
 */
export function clientIp({ request, clientAddress }: IncomingRequest, hops = env().TRUST_PROXY_HOPS): string {
  if (hops > 0) {
    const chain = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const entry = chain[chain.length - hops];
    if (entry) return entry;
  }
  return clientAddress;
}
