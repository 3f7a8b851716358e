// Test helpers: a batch's fields as the catalogue desk's forms take them, dated relative to today.
import { addDays } from '../../src/lib/shelf-life';
import { indiaDateKey } from '../../src/lib/business-days';

/** An India calendar day `days` from today, 'YYYY-MM-DD'. */
export const dayFromToday = (days: number) => addDays(indiaDateKey(new Date()), days);

/** A fresh batch (made a month ago, two years' shelf life): the product form's first-batch fields. */
export const FIRST_BATCH = {
  batchNumber: 'TEST-2611',
  manufacturedOn: dayFromToday(-30),
  expiresOn: dayFromToday(700),
} as const;
