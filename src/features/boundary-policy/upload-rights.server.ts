// Who may send a page more than the default 2 MB (decision: body caps by who is asking). The HTTP boundary
// asks here only for a body that may exceed the default on a page with a larger cap, before reading a byte
// of it: a guest, a forged session or a stranger to the order is held to the default, so an anonymous
// client can no longer make the server hold an upload-sized body. Loading this module registers the policy
// with the boundary (src/middleware.ts loads it).
import { getDb } from '../../db/client';
import { getSessionUser } from '../auth/session.server';
import { staffRole } from '../auth/staff.server';
import { findOrder, mayView } from '../orders/orders.server';
import { registerUploadPolicy, type UploadRight } from '../../server/http/body-limit';
import { baseLimitFor, uploadLimitFor } from './upload-limits';

/** Whether the sender of this request may use the page's larger cap. Any failure (database down) says no. */
export async function mayUpload(
  right: UploadRight,
  { request, url }: { request: Request; url: URL },
): Promise<boolean> {
  try {
    const user = await getSessionUser(request.headers);
    if (right === 'account') return user !== null;
    if (right === 'staff') return user !== null && (await staffRole(await getDb(), user.id)) !== null;
    // /order/{number} and /orders/{number}: the order's owner or the holder of its signed link.
    const segment = url.pathname.split('/')[2] ?? '';
    let number = segment;
    try {
      number = decodeURIComponent(segment);
    } catch {
      return false;
    }
    const order = await findOrder(number);
    return order !== null && mayView(order, { customer: user, token: url.searchParams.get('token') });
  } catch (error) {
    console.warn('Checking who may upload failed; holding the request to the default body cap:', error);
    return false;
  }
}

registerUploadPolicy({ limitFor: uploadLimitFor, baseLimitFor, mayUpload });
