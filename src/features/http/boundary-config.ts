// The two deployment settings the HTTP boundary needs, read from the environment at request time (so one
// build serves any deployment): the public origin and how many reverse proxies in front may be trusted.

export interface BoundaryConfig {
  /** SITE_URL's origin, e.g. https://vedara.in (null when unset or not a URL). */
  siteOrigin: string | null;
  /** TRUST_PROXY_HOPS: reverse proxies (TLS terminator, CDN, load balancer) whose X-Forwarded-* headers count. */
  trustProxyHops: number;
}

export function boundaryConfig(env: Record<string, string | undefined> = process.env): BoundaryConfig {
  let siteOrigin: string | null = null;
  try {
    if (env.SITE_URL) siteOrigin = new URL(env.SITE_URL).origin;
  } catch { /* a malformed SITE_URL trusts nothing extra */ }
  const hops = Number(env.TRUST_PROXY_HOPS || 0);
  return { siteOrigin, trustProxyHops: Number.isInteger(hops) && hops > 0 ? hops : 0 };
}
