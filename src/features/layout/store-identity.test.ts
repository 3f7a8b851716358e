import { afterEach, expect, it } from 'vitest';
import { resetEnv } from '../../lib/env.server';
import { consumerCare, storeLicences } from './store-identity.server';

afterEach(() => {
  delete process.env.STORE_FSSAI_LICENCE;
  delete process.env.STORE_AYUSH_LICENCE;
  resetEnv();
});

it('shows a licence badge only for a configured licence, always with its number', () => {
  resetEnv();
  expect(storeLicences()).toEqual([]);
  process.env.STORE_FSSAI_LICENCE = '10026051000123';
  resetEnv();
  expect(storeLicences()).toEqual([{ label: 'FSSAI Lic. No.', number: '10026051000123' }]);
  process.env.STORE_AYUSH_LICENCE = 'UA/AYUR-112/2015';
  resetEnv();
  expect(storeLicences().map((l) => `${l.label} ${l.number}`)).toEqual([
    'FSSAI Lic. No. 10026051000123',
    'AYUSH Mfg. Lic. No. UA/AYUR-112/2015',
  ]);
});

it('names the store’s consumer care with its configured address and email', () => {
  resetEnv();
  expect(consumerCare()).toMatchObject({
    name: 'Consumer Care, Vedara Ayurveda Pvt. Ltd.',
    email: 'care@vedara.in',
    address: expect.stringContaining('Haridwar'),
  });
});
