// The back-in-stock send job on the job engine (src/server/jobs): kicked when the desk receives a batch,
// and every five minutes as the safety net (stock back from a cancelled order, a kick lost with its process).
import { registerJob, sendJob } from '../../server/jobs/jobs.server';
import { SEND_BACK_IN_STOCK, sendBackInStockNotices } from './restock.server';

registerJob(
  SEND_BACK_IN_STOCK,
  async () => {
    const { more } = await sendBackInStockNotices();
    if (more) await sendJob(SEND_BACK_IN_STOCK, {}, { singletonKey: 'now' });
  },
  { singleton: true, cron: '*/5 * * * *', retries: 3, retryDelaySeconds: 30 },
);
