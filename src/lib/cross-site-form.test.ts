import { describe, expect, it } from 'vitest';
import { isForbiddenCrossSiteRequest } from './cross-site-form';

const site = 'https://vedara.test';
const post = (path: string, headers: Record<string, string>, method = 'POST') =>
  isForbiddenCrossSiteRequest(new Request(`${site}${path}`, { method, headers }), new URL(`${site}${path}`));

describe('cross-site form check', () => {
  it('refuses form posts from another site or without an Origin, as Astro does', () => {
    expect(post('/admin/appointments', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.test' })).toBe(true);
    expect(post('/admin/appointments', { 'content-type': 'multipart/form-data; boundary=x' })).toBe(true);
    expect(post('/admin/appointments', { 'content-type': 'TEXT/PLAIN' })).toBe(true);
    expect(post('/admin/appointments', {}, 'DELETE')).toBe(true);
  });

  it('lets same-site forms, JSON and safe methods through', () => {
    expect(post('/admin/appointments', { 'content-type': 'application/x-www-form-urlencoded', origin: site })).toBe(false);
    expect(post('/api/newsletter', { 'content-type': 'application/json' })).toBe(false);
    expect(post('/admin/appointments', {}, 'GET')).toBe(false);
  });

  it('lets mail apps one-click POST to the unsubscribe link (its token authorises it), and nothing else', () => {
    expect(post('/newsletter/unsubscribe?email=a%40b.in&token=x', { 'content-type': 'application/x-www-form-urlencoded' })).toBe(false);
    expect(post('/newsletter/unsubscribe/', { 'content-type': 'multipart/form-data; boundary=x' })).toBe(false);
    expect(post('/newsletter/unsubscribe-me', { 'content-type': 'multipart/form-data; boundary=x' })).toBe(true);
    expect(post('/newsletter', { 'content-type': 'application/x-www-form-urlencoded' })).toBe(true);
  });
});
