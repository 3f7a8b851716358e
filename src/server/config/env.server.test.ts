import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  DECLARED_VARIABLES,
  IDENTITY_PLACEHOLDERS,
  identityPlaceholders,
  loadEnv,
} from './env.server';

const problem = (source: Record<string, string>) => {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
};

describe('configuration', () => {
  it('gives every variable its documented default', () => {
    const config = loadEnv({});
    expect(config).toMatchObject({
      PORT: 4321,
      HOST: '0.0.0.0',
      SITE_URL: 'http://localhost:4321',
      TRUST_PROXY_HOPS: 0,
      DATA_DIR: './data',
      DATABASE_POOL_SIZE: 10,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      MIGRATE_ON_START: true,
      STORAGE_BACKEND: 'local',
      MAIL_FROM: 'Vedara Ayurveda <care@vedara.in>',
      STORE_EMAIL: 'care@vedara.in',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty value (NAME= in .env) as unset', () => {
    const config = loadEnv({ DATABASE_URL: '', PORT: '', SMTP_URL: ' ' });
    expect(config.PORT).toBe(4321);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('refuses a number with a unit, naming the variable and the value', () => {
    const message = problem({ SHUTDOWN_TIMEOUT_MS: '5s' });
    expect(message).toContain('SHUTDOWN_TIMEOUT_MS must be a whole number');
    expect(message).toContain('(got "5s")');
  });

  it('reads whole numbers and refuses anything else for every numeric variable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 60_000 }),
        (n) => loadEnv({ SHUTDOWN_TIMEOUT_MS: String(n) }).SHUTDOWN_TIMEOUT_MS === n,
      ),
    );
    for (const name of ['PORT', 'TRUST_PROXY_HOPS', 'DATABASE_POOL_SIZE', 'SHUTDOWN_TIMEOUT_MS', 'ROUTE_CACHE_MB']) {
      for (const bad of ['abc', '1.5', '-1', '10ms', '0x10'])
        expect(problem({ [name]: bad })).toContain(`${name} must be`);
    }
    expect(problem({ PORT: '70000' })).toContain('PORT must be at most 65535');
  });

  it('lists every bad variable at once', () => {
    const message = problem({ PORT: 'eighty', SITE_URL: 'vedara.in', STORE_EMAIL: 'care', MIGRATE_ON_START: 'maybe' });
    for (const name of ['PORT', 'SITE_URL', 'STORE_EMAIL', 'MIGRATE_ON_START']) expect(message).toContain(`  ${name} `);
  });

  it('refuses DATABASE_URL without AUTH_SECRET: each host would sign with its own secret', () => {
    expect(problem({ DATABASE_URL: 'postgres://store@db:5432/store' })).toMatch(
      /AUTH_SECRET is required with DATABASE_URL/,
    );
    expect(problem({ AUTH_SECRET: 'short' })).toContain('AUTH_SECRET must be at least 32 characters');
    const config = loadEnv({ DATABASE_URL: 'postgres://store@db:5432/store', AUTH_SECRET: 'x'.repeat(32) });
    expect(config.MIGRATE_ON_START).toBe(false);
  });

  it('does not echo secrets or database URLs in its messages', () => {
    const message = problem({ DATABASE_URL: 'mysql://root:hunter2@db/store', AUTH_SECRET: 'hunter2' });
    expect(message).toContain('DATABASE_URL must be a URL like postgres://');
    expect(message).not.toContain('hunter2');
  });

  it('reads MIGRATE_ON_START as a flag, overriding the per-database default', () => {
    const shared = { DATABASE_URL: 'postgres://store@db/store', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadEnv({ ...shared, MIGRATE_ON_START: 'true' }).MIGRATE_ON_START).toBe(true);
    expect(loadEnv({ MIGRATE_ON_START: 'off' }).MIGRATE_ON_START).toBe(false);
  });

  it('measures every page view on a loopback store, a quarter on a public one, or the percent it is given', () => {
    expect(loadEnv({}).VITALS_SAMPLE_PERCENT).toBe(100);
    expect(loadEnv({ SITE_URL: 'https://vedara.in' }).VITALS_SAMPLE_PERCENT).toBe(25);
    expect(loadEnv({ SITE_URL: 'https://vedara.in', VITALS_SAMPLE_PERCENT: '0' }).VITALS_SAMPLE_PERCENT).toBe(0);
    expect(problem({ VITALS_SAMPLE_PERCENT: '101' })).toContain('VITALS_SAMPLE_PERCENT must be at most 100');
    expect(problem({ VITALS_SAMPLE_PERCENT: '12.5' })).toContain('VITALS_SAMPLE_PERCENT must be a whole number');
  });

  it('needs the bucket, endpoint and keys for the s3 storage backend', () => {
    const message = problem({ STORAGE_BACKEND: 's3', S3_BUCKET: 'uploads' });
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(message).toContain(`${name} is required with STORAGE_BACKEND=s3`);
    expect(message).not.toContain('S3_BUCKET');
    expect(problem({ STORAGE_BACKEND: 'ftp' })).toContain('STORAGE_BACKEND');
    const config = loadEnv({
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: 'https://abc.supabase.co/storage/v1/s3',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  });

  it('turns the test hooks on only when asked, and never with a public SITE_URL', () => {
    expect(loadEnv({})).toMatchObject({ TEST_HOOKS: false });
    expect(loadEnv({ TEST_HOOKS: 'on' })).toMatchObject({ TEST_HOOKS: true });
    expect(problem({ SITE_URL: 'https://vedara.in', TEST_HOOKS: 'on' })).toContain(
      'TEST_HOOKS cannot be on with a public SITE_URL',
    );
  });

  it('pays through the test gateway only on a loopback store: a public one takes Razorpay with its keys, or cash only', () => {
    expect(loadEnv({})).toMatchObject({ PAYMENT_GATEWAY: 'test' });
    expect(problem({ SITE_URL: 'https://vedara.in', PAYMENT_GATEWAY: 'test' })).toContain(
      'PAYMENT_GATEWAY cannot be the built-in test gateway on a public SITE_URL',
    );
    expect(loadEnv({ SITE_URL: 'https://vedara.in' })).toMatchObject({ PAYMENT_GATEWAY: 'off' });
    const razorpay = {
      RAZORPAY_KEY_ID: 'rzp_live_1DP5mmOlF5G5ag',
      RAZORPAY_KEY_SECRET: 'key-secret-0123',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-0123',
    };
    expect(loadEnv({ SITE_URL: 'https://vedara.in', ...razorpay })).toMatchObject({ PAYMENT_GATEWAY: 'razorpay' });
    const { RAZORPAY_WEBHOOK_SECRET: _, ...withoutWebhookSecret } = razorpay;
    expect(problem({ SITE_URL: 'https://vedara.in', ...withoutWebhookSecret })).toContain(
      'RAZORPAY_WEBHOOK_SECRET is required for Razorpay payments',
    );
  });

  it('sends WhatsApp and SMS through files on a loopback store, through the providers with their keys, and never through files on a public one', () => {
    expect(loadEnv({})).toMatchObject({ WHATSAPP_PROVIDER: 'file', SMS_PROVIDER: 'file' });
    expect(loadEnv({ SITE_URL: 'https://vedara.in' })).toMatchObject({ WHATSAPP_PROVIDER: 'off', SMS_PROVIDER: 'off' });
    const message = problem({ SITE_URL: 'https://vedara.in', WHATSAPP_PROVIDER: 'file', SMS_PROVIDER: 'file' });
    expect(message).toContain('WHATSAPP_PROVIDER cannot be file on a public SITE_URL');
    expect(message).toContain('SMS_PROVIDER cannot be file on a public SITE_URL');
    expect(problem({ WHATSAPP_TOKEN: 'EAAJB-test-token-0123456789' })).toContain(
      'WHATSAPP_PHONE_NUMBER_ID is required for the WhatsApp Business Cloud API',
    );
    const sms = problem({ SMS_PROVIDER: 'msg91', MSG91_SENDER_ID: 'vedara1' });
    for (const name of ['MSG91_AUTH_KEY', 'MSG91_COD_CONFIRMATION_TEMPLATE_ID'])
      expect(sms).toContain(`${name} is required for SMS through MSG91`);
    expect(sms).toContain('MSG91_SENDER_ID must be the six-letter DLT sender id');
    const live = loadEnv({
      SITE_URL: 'https://vedara.in',
      WHATSAPP_TOKEN: 'EAAJB-test-token-0123456789',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      MSG91_AUTH_KEY: '412345AbCdEfGh6543a1b2P1',
      MSG91_SENDER_ID: 'VEDARA',
      MSG91_COD_CONFIRMATION_TEMPLATE_ID: '6561c0a3d6fc05297d4b1a52',
    });
    expect(live).toMatchObject({ WHATSAPP_PROVIDER: 'cloud', SMS_PROVIDER: 'msg91', WHATSAPP_TEMPLATE_LANGUAGE: 'en' });
  });
});

describe('the store’s identity', () => {
  it('ships the demonstration brand’s placeholders, and names those still unset', () => {
    const config = loadEnv({});
    expect(config).toMatchObject(IDENTITY_PLACEHOLDERS);
    expect(identityPlaceholders(config)).toEqual(Object.keys(IDENTITY_PLACEHOLDERS));
    const own = loadEnv({
      STORE_LEGAL_NAME: 'Sahyadri Herbals LLP',
      STORE_GSTIN: '27aapfu0939f1zv',
      STORE_CARE_PHONE: '020 4123 4567',
      GRIEVANCE_OFFICER_EMAIL: 'nodal@sahyadri.example',
    });
    expect(own.STORE_GSTIN).toBe('27AAPFU0939F1ZV');
    expect(identityPlaceholders(own)).toEqual([
      'STORE_ADDRESS',
      'STORE_CARE_EMAIL',
      'GRIEVANCE_OFFICER_NAME',
      'GRIEVANCE_OFFICER_PHONE',
    ]);
  });

  it('refuses a GSTIN whose check character does not match, and a phone that is not one', () => {
    expect(problem({ STORE_GSTIN: '27AAPFU0939F1ZW' })).toContain(
      'STORE_GSTIN has a last character (the check character)',
    );
    expect(problem({ STORE_GSTIN: '99AAPFU0939F1ZV' })).toContain('STORE_GSTIN must be a 15-character GSTIN');
    expect(problem({ STORE_CARE_PHONE: 'call us' })).toContain('STORE_CARE_PHONE must be a phone number');
    expect(loadEnv({ STORE_GSTIN: '05AAAAA0000A1Z5' }).STORE_GSTIN).toBe('05AAAAA0000A1Z5'); // the placeholder, as .env.example has it
  });
});

it('declares every variable the code reads from process.env', () => {
  // Any `process.env.NAME` outside tests in src/ or scripts/ must be declared (or be one a script sets).
  const found = execSync(
    String.raw`grep -rhoE "process\.env\.[A-Z_]+" src scripts --include=*.ts --include=*.mjs --include=*.tsx --include=*.astro --exclude=*.test.ts || true`,
    { encoding: 'utf8' },
  );
  const names = new Set(
    found
      .split('\n')
      .filter(Boolean)
      .map((s) => s.replace('process.env.', '')),
  );
  const setByScripts = ['ENV_FILE', 'ASTRO_TELEMETRY_DISABLED', 'ASTRO_NODE_AUTOSTART'];
  expect([...names].filter((name) => !DECLARED_VARIABLES.includes(name) && !setByScripts.includes(name))).toEqual([]);
  expect(names).toContain('ENV_FILE'); // the search itself works
});

it('.env.example is a valid configuration that documents every declared variable', () => {
  const example = parseEnv(readFileSync('.env.example', 'utf8'));
  expect(() => loadEnv(example)).not.toThrow();
  const setByTools = ['NODE_ENV', 'VITEST'];
  expect(DECLARED_VARIABLES.filter((name) => !(name in example) && !setByTools.includes(name))).toEqual([]);
});

it('takes the store’s licence numbers only in their own format, and none by default (no badge without a number)', () => {
  const unset = loadEnv({});
  expect([unset.STORE_FSSAI_LICENCE, unset.STORE_AYUSH_LICENCE]).toEqual([undefined, undefined]);
  expect(loadEnv({ STORE_FSSAI_LICENCE: ' 10026051000123 ', STORE_AYUSH_LICENCE: 'ua/ayur-112/2015' })).toMatchObject({
    STORE_FSSAI_LICENCE: '10026051000123',
    STORE_AYUSH_LICENCE: 'UA/AYUR-112/2015',
  });
  expect(problem({ STORE_FSSAI_LICENCE: '1002605100012' })).toContain(
    'STORE_FSSAI_LICENCE must be the 14-digit FSSAI licence number',
  );
  expect(problem({ STORE_AYUSH_LICENCE: 'AYUSH Licensed!' })).toContain(
    'STORE_AYUSH_LICENCE must be the AYUSH manufacturing licence number',
  ); // The quality badges too: a certificate number or a laboratory's name, not a bare "yes".
  expect([unset.STORE_GMP_CERTIFICATE, unset.STORE_TESTING_LAB]).toEqual([undefined, undefined]);
  expect(problem({ STORE_GMP_CERTIFICATE: 'GMP Certified!' })).toContain(
    'STORE_GMP_CERTIFICATE must be the GMP certificate number',
  );
  expect(problem({ STORE_TESTING_LAB: 'y' })).toContain('STORE_TESTING_LAB must name the laboratory');
});
