// The Content-Security-Policy Astro sends with every page (astro.config.mjs, security.csp). Astro adds the
// hashes of the scripts and styles it bundles or inlines (island hydration included); the one script the
// store writes inline itself is hashed here. No 'unsafe-inline' for scripts.
import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';
import { IMAGE_FALLBACK_SCRIPT } from '../ui/image-fallback';

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
  scriptDirective: { hashes: [sha256(IMAGE_FALLBACK_SCRIPT)] },
};
