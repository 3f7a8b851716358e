// The Content-Security-Policy Astro sends with every page (astro.config.mjs, security.csp). Astro adds the
// hashes of the scripts and styles it bundles or inlines (island hydration included); the scripts the
// store writes inline itself are hashed here. No 'unsafe-inline' for scripts.
import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';
import { IMAGE_FALLBACK_SCRIPT } from '../ui/image-fallback';
import { AFTER_LOAD_SCRIPT } from '../../server/http/after-load';
import { HELD_TAP_SCRIPT } from '../layout/hydration/held-taps';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}` as const;

type SecurityConfig = NonNullable<AstroUserConfig['security']>;

export const contentSecurityPolicy: SecurityConfig['csp'] = {
  algorithm: 'SHA-256',
  directives: [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ],
  // style="" attributes (server-rendered widths, React style props) are not scripts; <style> elements are hashed.
  styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
  // The layout's head scripts, and the one that follows each page's critical CSS (decision
  // 0120-critical-css-by-class) and, at the page's load, adds its stylesheet and runs its scripts and
  // server islands (decision 0133).
  scriptDirective: {
    hashes: [sha256(IMAGE_FALLBACK_SCRIPT), sha256(HELD_TAP_SCRIPT), sha256(AFTER_LOAD_SCRIPT)],
  },
};
