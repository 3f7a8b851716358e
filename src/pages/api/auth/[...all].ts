// better-auth's HTTP API (used by the islands and by links in account mails).
import type { APIRoute } from 'astro';
import { getAuth } from '../../../features/auth/auth.server';
import { headersFor, withSignedInHint } from '../../../features/auth/request.server';

export const prerender = false;

export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const auth = await getAuth();
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: headersFor({ request, clientAddress }),
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = request.body;
    init.duplex = 'half';
  }
  const response = await auth.handler(new Request(request.url, init));
  const cookies = response.headers.getSetCookie();
  const withHint = withSignedInHint(cookies);
  if (withHint.length === cookies.length) return response;
  const headers = new Headers(response.headers);
  headers.delete('set-cookie');
  for (const cookie of withHint) headers.append('set-cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
