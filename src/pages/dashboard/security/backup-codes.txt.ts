// GET /dashboard/security/backup-codes.txt: the backup codes of a two-step set-up not yet confirmed,
// as a file to keep (works without JavaScript). Once two-step verification is on, they are gone: 404.
import type { APIRoute } from 'astro';
import { backupCodesFile, twoFactorSetup } from '../../../features/auth/profile.server';
import { requireUser } from '../../../features/auth/session.server';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const session = await requireUser(context);
  if (session.redirect) return session.redirect;
  const setup = await twoFactorSetup(session.user);
  if (!setup)
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(backupCodesFile(session.user, setup.backupCodes), {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': 'attachment; filename="vedara-backup-codes.txt"',
      'cache-control': 'no-store',
    },
  });
};
