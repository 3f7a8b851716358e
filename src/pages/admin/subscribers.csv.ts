// /admin/subscribers.csv: every newsletter subscriber as a spreadsheet download (staff only). The
// download is logged as one bulk export of personal data (DPDP; not one row per address).
import type { APIRoute } from 'astro';
import { deskAccess } from '../../features/admin/staff-access.server';
import { subscribersCsv } from '../../features/newsletter/subscribers-desk.server';
import { logStaffAccess } from '../../features/privacy/data-access-log.server';
import { indiaNow } from '../../lib/appointments';

export const GET: APIRoute = async (context) => {
  const access = await deskAccess(context);
  if (access.response) return access.response;
  const csv = await subscribersCsv();
  await logStaffAccess(access.staff, 'newsletter subscribers CSV (every address)', [
    { record: { kind: 'export', ref: 'newsletter subscribers' } },
  ]);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="vedara-subscribers-${indiaNow().date}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
};
