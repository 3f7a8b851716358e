import { afterEach, expect, it } from 'vitest';
import { resetEnv } from '../../server/config/env.server';
import {
  consumerCare,
  identityWarning,
  storeBadges,
  storeCertifications,
  storeIdentity,
  storeLicences,
} from './store-identity.server';

afterEach(() => {
  delete process.env.STORE_FSSAI_LICENCE;
  delete process.env.STORE_AYUSH_LICENCE;
  delete process.env.STORE_GMP_CERTIFICATE;
  delete process.env.STORE_TESTING_LAB;
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

it('claims GMP and lab testing only with the configured certificate and laboratory', () => {
  resetEnv();
  expect([storeCertifications(), storeBadges()]).toEqual([[], []]);
  process.env.STORE_GMP_CERTIFICATE = 'GMP/UA/2024/0173';
  process.env.STORE_TESTING_LAB = 'Haridwar Analytical Labs (NABL TC-1234)';
  process.env.STORE_FSSAI_LICENCE = '10026051000123';
  resetEnv();
  expect(storeBadges()).toEqual([
    'FSSAI Lic. No. 10026051000123',
    'GMP Cert. No. GMP/UA/2024/0173',
    'Lab tested by Haridwar Analytical Labs (NABL TC-1234)',
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

it('takes the care line, the legal name and the grievance officer from configuration', () => {
  process.env.STORE_CARE_PHONE = '020 4123 4567';
  process.env.STORE_LEGAL_NAME = 'Sahyadri Herbals LLP';
  process.env.GRIEVANCE_OFFICER_NAME = 'Anita Kulkarni';
  resetEnv();
  try {
    expect(consumerCare()).toMatchObject({ name: 'Consumer Care, Sahyadri Herbals LLP', phone: '020 4123 4567' });
    expect(storeIdentity().grievanceOfficer).toMatchObject({
      name: 'Anita Kulkarni',
      designation: 'Grievance Officer',
    });
    expect(identityWarning()).toBeNull(); // not a production start
  } finally {
    delete process.env.STORE_CARE_PHONE;
    delete process.env.STORE_LEGAL_NAME;
    delete process.env.GRIEVANCE_OFFICER_NAME;
  }
});

it('warns a production start of every placeholder it keeps, the GSTIN with what it stops', () => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  process.env.STORE_ADDRESS = '21 Baner Road, Pune, Maharashtra 411045, India';
  resetEnv();
  try {
    const warning = identityWarning()!;
    expect(warning.variables).not.toContain('STORE_ADDRESS');
    expect(warning.variables).toContain('STORE_GSTIN');
    expect(warning.text).toContain('GSTIN (STORE_GSTIN)');
    expect(warning.text).toContain('orders cannot be shipped');
  } finally {
    process.env.NODE_ENV = nodeEnv;
    delete process.env.STORE_ADDRESS;
  }
});
