// The stock's background work on the job engine (src/server/jobs): every night just after midnight in
// India (18:35 UTC), packs past the shelf-life line are taken off sale.
import { registerJob } from '../../server/jobs/jobs.server';
import { takeExpiredOffSale } from './batches.server';

export const TAKE_EXPIRED_OFF_SALE = 'stock.take-expired-off-sale';

registerJob(
  TAKE_EXPIRED_OFF_SALE,
  async () => {
    const taken = await takeExpiredOffSale();
    for (const { productId, packs } of taken)
      console.info(
        `Stock: ${packs} ${packs === 1 ? 'pack' : 'packs'} of product ${productId} past the shelf-life line taken off sale.`,
      );
  },
  { singleton: true, cron: '35 18 * * *', retries: 3, retryDelaySeconds: 300 },
);
