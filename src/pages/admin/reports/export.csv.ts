// GET /admin/reports/export.csv?range=today|7d|30d: the report's daily figures and top products as CSV.
import type { APIRoute } from 'astro';
import { reportCsv, reportCsvFileName } from '../../../features/admin/reports/report-csv';
import { parseRange, salesReport } from '../../../features/admin/reports/reports.server';
import { deskAccess } from '../../../features/admin/staff-access.server';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const access = await deskAccess(context);
  if (access.response) return access.response;
  const report = await salesReport(parseRange(context.url.searchParams.get('range')));
  return new Response(`\uFEFF${reportCsv(report)}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${reportCsvFileName(report)}"`,
      'cache-control': 'private, no-store',
    },
  });
};
