// In src/server because appointments, consultations and returns all tell the store by mail, and none
// of those features should import another to learn where such notices go.
import { env } from './config/env.server';

/** Where mail for the store itself goes (a booking, a consultation request, a return to check): STORE_EMAIL. */
export function storeNoticeAddress() {
  return env().STORE_EMAIL;
}
