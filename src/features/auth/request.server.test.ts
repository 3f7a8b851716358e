import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientIp } from '../../server/client-address.server';
import { headersFor, withSignedInHint } from './request.server';

const incoming = (headers: Record<string, string>) => ({
  request: new Request('http://store.test/', { headers }),
  clientAddress: '10.0.0.5',
});

describe('client address', () => {
  it('uses the socket address unless proxies are trusted, so a forged header changes nothing', () => {
    expect(clientIp(incoming({ 'x-forwarded-for': '1.2.3.4' }), 0)).toBe('10.0.0.5');
    const headers = headersFor(incoming({ [CLIENT_IP_HEADER]: '9.9.9.9' }));
    expect(headers.get(CLIENT_IP_HEADER)).toBe('10.0.0.5');
  });

  it('behind N proxies takes the entry they appended, not what the client wrote on the left', () => {
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' };
    expect(clientIp(incoming(chain), 1)).toBe('10.0.0.2');
    expect(clientIp(incoming(chain), 2)).toBe('203.0.113.7');
  });
});

describe('signed-in hint cookie', () => {
  it('follows the session cookie in and out', () => {
    const signedIn = withSignedInHint(['vedara.session_token=abc; Path=/; HttpOnly; SameSite=Lax']);
    expect(signedIn.at(-1)).toMatch(/^signed_in=1;/);
    const signedOut = withSignedInHint(['vedara.session_token=; Max-Age=0; Path=/; HttpOnly']);
    expect(signedOut.at(-1)).toMatch(/^signed_in=; Path=\/; Max-Age=0/);
    expect(withSignedInHint(['other=1'])).toEqual(['other=1']);
  });
});
