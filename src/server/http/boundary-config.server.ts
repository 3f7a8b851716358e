// The two deployment settings the HTTP boundary needs, read at request time (one build serves any
// deployment): the public origin and how many reverse proxies in front may be trusted.
import { env, type ServerEnv } from '../config/env.server';
import type { BoundaryConfig } from './origin';

export function boundaryConfig(settings: Pick<ServerEnv, 'SITE_URL' | 'TRUST_PROXY_HOPS'> = env()): BoundaryConfig {
  let siteOrigin: string | null = null;
  try {
    if (settings.SITE_URL) siteOrigin = new URL(settings.SITE_URL).origin;
  } catch {
    /* validated at start-up; a malformed one trusts nothing extra */
  }
  const hops = settings.TRUST_PROXY_HOPS;
  return { siteOrigin, trustProxyHops: Number.isInteger(hops) && hops > 0 ? hops : 0 };
}
