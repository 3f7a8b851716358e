// /admin/subscribers.csv: every newsletter subscriber as a spreadsheet download (staff only).
import type { APIRoute } from 'astro';
import { deskAccess } from '../../features/admin/staff-access.server';
import { subscribersCsv } from '../../features/newsletter/subscribers-desk.server';
import { indiaNow } from '../../lib/appointments';

export const GET: APIRoute = async (context) => {
  const access = await deskAccess(context);
  if (access.response) return access.response;
  return new Response(await subscribersCsv(), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="vedara-subscribers-${indiaNow().date}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
};
