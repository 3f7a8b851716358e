// Every environment variable the store reads, declared once with its default and validated at start
// (scripts/serve.mjs and scripts/migrate.mjs call loadEnv() before anything else). A bad value stops the
// process with a message naming the variable instead of surfacing later as NaN or a wrong default.
// Node loads this file directly (type stripping): keep it to erasable TypeScript and zod.
import { z } from 'zod';

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number (digits only, e.g. 5000)')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), 'must be true or false')
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL like ${example}`);

/**
 * The store's identity as shipped: the demonstration brand's values, placeholders for a real store.
 * A production start that keeps any of them says so on every desk page, and no tax invoice is issued
 * under the placeholder GSTIN there (docs/decisions/0082-store-identity.md).
 */
export const IDENTITY_PLACEHOLDERS = {
  STORE_LEGAL_NAME: 'Vedara Ayurveda Pvt. Ltd.',
  STORE_ADDRESS: 'Plot 14, Industrial Area, Haridwar, Uttarakhand 249401, India',
  STORE_GSTIN: '05AAAAA0000A1Z5',
  STORE_CARE_PHONE: '+91 98765 43210',
  STORE_CARE_EMAIL: 'care@vedara.in',
  GRIEVANCE_OFFICER_NAME: 'Not yet appointed',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@vedara.in',
  GRIEVANCE_OFFICER_PHONE: '+91 98765 43210',
} as const;
export type IdentityVariable = keyof typeof IDENTITY_PLACEHOLDERS;

/** The identity variables still at their placeholder values. */
export function identityPlaceholders(config: Pick<ServerEnv, IdentityVariable>): IdentityVariable[] {
  return (Object.keys(IDENTITY_PLACEHOLDERS) as IdentityVariable[]).filter(
    (name) => config[name] === IDENTITY_PLACEHOLDERS[name],
  );
}

/** The GSTN's mod-36 check character over the first 14 characters (as src/lib/gstin.ts, which this file may not import). */
function gstinChecksumFits(gstin: string): boolean {
  const characters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = characters.indexOf(gstin[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return characters[(36 - (sum % 36)) % 36] === gstin[14];
}

/** A phone line as printed: digits with an optional +, spaces and hyphens (8 to 15 digits). */
const phone = z
  .string()
  .trim()
  .refine(
    (value) => /^\+?[\d -]{8,20}$/.test(value) && /^(\D*\d){8,15}\D*$/.test(value),
    'must be a phone number like +91 98765 43210',
  );

/** The public origin when SITE_URL is unset: the same for the build, the server and every link. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/** A store only its own machine reaches (development, tests, a newcomer's `npm start`). */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const serverVariables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Set by vitest: no signal handlers, quiet auth logger. */
  VITEST: z.string().optional(),
  PORT: wholeNumber(1, 65_535).default(4321),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  SITE_URL: url(['http:', 'https:'], 'https://vedara.in').optional(),
  TRUST_PROXY_HOPS: wholeNumber(0, 10).default(0),

  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/store').optional(),
  DATABASE_POOL_SIZE: wholeNumber(1, 500).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  MIGRATIONS_DIR: z.string().min(1).default('supabase/migrations'),
  CATALOGUE_DIR: z.string().min(1).default('content/catalog'),
  /** Default: on for PGlite, off with DATABASE_URL (run `npm run db:migrate` as its own step). */
  MIGRATE_ON_START: flag.optional(),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000).default(10_000),
  /** Memory per process for rendered catalogue pages and their compressed copies; 0 renders every request. */
  ROUTE_CACHE_MB: wholeNumber(0, 65_536).default(128),
  /** Percent of page views that measure their Core Web Vitals for the desk's reports; 0 measures none.
   *  Unset: 100 on a loopback SITE_URL (development, tests), else 25. */
  VITALS_SAMPLE_PERCENT: wholeNumber(0, 100).optional(),

  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
  STORE_OWNER_EMAILS: z.string().default(''),

  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:password@smtp.example.com:587').optional(),
  MAIL_FROM: z.string().min(1).default('Vedara Ayurveda <care@vedara.in>'),
  STORE_EMAIL: z.email('must be an email address').default('care@vedara.in'),

  /** The store's GST registration, printed on tax invoices; its first two digits are the store's state. The default is a placeholder for development. */
  STORE_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^(0[1-9]|[12]\d|3[0-8]|97)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
      'must be a 15-character GSTIN starting with a state code, like 05AAAAA0000A1Z5',
    )
    .refine(
      (gstin) => gstin === IDENTITY_PLACEHOLDERS.STORE_GSTIN || gstinChecksumFits(gstin),
      'has a last character (the check character) that does not match the rest: copy it from the registration certificate',
    )
    .default(IDENTITY_PLACEHOLDERS.STORE_GSTIN),
  /** The store's identity (Consumer Protection (E-Commerce) Rules 2020): its legal name, its consumer care and its grievance officer. */
  STORE_LEGAL_NAME: z.string().trim().min(2).max(120).default(IDENTITY_PLACEHOLDERS.STORE_LEGAL_NAME),
  STORE_CARE_PHONE: phone.default(IDENTITY_PLACEHOLDERS.STORE_CARE_PHONE),
  STORE_CARE_EMAIL: z.email('must be an email address').default(IDENTITY_PLACEHOLDERS.STORE_CARE_EMAIL),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).max(120).default(IDENTITY_PLACEHOLDERS.GRIEVANCE_OFFICER_NAME),
  GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(2).max(120).default('Grievance Officer'),
  GRIEVANCE_OFFICER_EMAIL: z.email('must be an email address').default(IDENTITY_PLACEHOLDERS.GRIEVANCE_OFFICER_EMAIL),
  GRIEVANCE_OFFICER_PHONE: phone.default(IDENTITY_PLACEHOLDERS.GRIEVANCE_OFFICER_PHONE),
  /** The store's licence numbers, shown in the footer; unset = no badge (never a badge without a number).
   *  The patterns are those of src/lib/product-declarations.ts (this file imports nothing but zod). */
  STORE_FSSAI_LICENCE: z
    .string()
    .trim()
    .regex(/^\d{14}$/, 'must be the 14-digit FSSAI licence number, like 10026051000123')
    .optional(),
  STORE_AYUSH_LICENCE: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z0-9][A-Z0-9 ./-]{2,39}$/,
      'must be the AYUSH manufacturing licence number as issued, like UA/AYUR-112/2015',
    )
    .optional(),
  /** The store's GMP certificate and the laboratory that tests its batches: the "GMP certified" and "lab
   *  tested" badges are shown only with them (never a bare badge). */
  STORE_GMP_CERTIFICATE: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 ./()-]{2,59}$/,
      'must be the GMP certificate number as issued, like GMP/UA/2024/0173',
    )
    .optional(),
  STORE_TESTING_LAB: z
    .string()
    .trim()
    .min(3, 'must name the laboratory that tests the batches, like Haridwar Analytical Labs (NABL TC-1234)')
    .max(120)
    .optional(),
  /** The registered address printed on tax invoices (in the GSTIN's state). */
  STORE_ADDRESS: z
    .string()
    .trim()
    .min(10, 'must be the full registered address')
    .max(300)
    .default(IDENTITY_PLACEHOLDERS.STORE_ADDRESS),

  /** Online payments: razorpay (needs its three keys), test (the built-in test gateway, never on a public
   *  SITE_URL) or off (cash on delivery only). Unset: razorpay when its keys are set, else test on a
   *  loopback SITE_URL, else off. */
  PAYMENT_GATEWAY: z.enum(['razorpay', 'test', 'off']).optional(),
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, 'must be a Razorpay key id, like rzp_test_1DP5mmOlF5G5ag')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().min(8).optional(),
  /** The webhook's own secret (set on the dashboard's webhook), not the key secret. */
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(8).optional(),

  /** Order updates on WhatsApp: cloud (WhatsApp Business Cloud API, needs the token and the phone number id),
   *  file (written under DATA_DIR/messages, never on a public SITE_URL) or off. Unset: cloud when the token is
   *  set, else file on a loopback SITE_URL, else off. */
  WHATSAPP_PROVIDER: z.enum(['cloud', 'file', 'off']).optional(),
  WHATSAPP_TOKEN: z.string().trim().min(20, 'must be the WhatsApp Business system user access token').optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, 'must be the WhatsApp phone number id (digits, from the app dashboard)')
    .optional(),
  /** The language the store's WhatsApp templates were approved in. */
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a WhatsApp template language code, like en or en_US')
    .default('en'),
  /** Transactional SMS (the cash-on-delivery confirmation link): msg91 (needs its key, sender id and DLT
   *  template ids), file (as WhatsApp) or off. Unset: msg91 when MSG91_AUTH_KEY is set, else as WhatsApp. */
  SMS_PROVIDER: z.enum(['msg91', 'file', 'off']).optional(),
  MSG91_AUTH_KEY: z.string().trim().min(10, 'must be the MSG91 auth key').optional(),
  /** The DLT-registered sender id (header), six letters. */
  MSG91_SENDER_ID: z
    .string()
    .trim()
    .regex(/^[A-Z]{6}$/, 'must be the six-letter DLT sender id, like VEDARA')
    .optional(),
  /** The MSG91 template id of the cash-on-delivery confirmation SMS (linked there to its DLT template id). */
  MSG91_COD_CONFIRMATION_TEMPLATE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{10,40}$/, 'must be the MSG91 template id, like 6561c0a3d6fc05297d4b1a52')
    .optional(),

  /** The MSG91 template id of the phone sign-in code SMS; optional: without it phone sign-in is not offered on MSG91. */
  MSG91_SIGN_IN_CODE_TEMPLATE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{10,40}$/, 'must be the MSG91 template id, like 6561c0a3d6fc05297d4b1a52')
    .optional(),
  /** The browser tests' hooks (/api/test/*: run the reminders' due-finding at a given moment); never on a
   *  public SITE_URL. */
  TEST_HOOKS: flag.default(false),

  STORAGE_BACKEND: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: url(['http:', 'https:'], 'https://<project>.supabase.co/storage/v1/s3').optional(),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
});

const serverSchema = serverVariables
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message:
          'is required with DATABASE_URL: every server sharing the database must sign sessions and order links with the same secret',
      });
    }
    const razorpay = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
    if (env.PAYMENT_GATEWAY === 'razorpay' || razorpay.some((name) => env[name])) {
      for (const name of razorpay) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required for Razorpay payments' });
      }
    }
    if (env.PAYMENT_GATEWAY === 'test' && !isLoopbackUrl(env.SITE_URL ?? DEFAULT_SITE_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY'],
        message:
          'cannot be the built-in test gateway on a public SITE_URL: it takes no real money. Set the Razorpay keys, or PAYMENT_GATEWAY=off',
      });
    }
    const whatsapp = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'] as const;
    if (env.WHATSAPP_PROVIDER === 'cloud' || whatsapp.some((name) => env[name])) {
      for (const name of whatsapp) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required for the WhatsApp Business Cloud API' });
      }
    }
    const msg91 = ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_COD_CONFIRMATION_TEMPLATE_ID'] as const;
    if (env.SMS_PROVIDER === 'msg91' || msg91.some((name) => env[name])) {
      for (const name of msg91) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required for SMS through MSG91' });
      }
    }
    if (env.TEST_HOOKS && !isLoopbackUrl(env.SITE_URL ?? DEFAULT_SITE_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_HOOKS'],
        message: 'cannot be on with a public SITE_URL: the test hooks let anyone send every due reminder at once',
      });
    }
    for (const name of ['WHATSAPP_PROVIDER', 'SMS_PROVIDER'] as const) {
      if (env[name] === 'file' && !isLoopbackUrl(env.SITE_URL ?? DEFAULT_SITE_URL)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'cannot be file on a public SITE_URL: the messages would only be written to a folder. Set the provider keys, or off',
        });
      }
    }
    if (env.STORAGE_BACKEND === 's3') {
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with STORAGE_BACKEND=s3' });
      }
    }
  })
  .transform((env) => ({
    ...env,
    SITE_URL: env.SITE_URL ?? DEFAULT_SITE_URL,
    MIGRATE_ON_START: env.MIGRATE_ON_START ?? !env.DATABASE_URL,
    VITALS_SAMPLE_PERCENT: env.VITALS_SAMPLE_PERCENT ?? (isLoopbackUrl(env.SITE_URL ?? DEFAULT_SITE_URL) ? 100 : 25),
    PAYMENT_GATEWAY:
      env.PAYMENT_GATEWAY ??
      (env.RAZORPAY_KEY_ID ? 'razorpay' : isLoopbackUrl(env.SITE_URL ?? DEFAULT_SITE_URL) ? 'test' : 'off'),
    WHATSAPP_PROVIDER:
      env.WHATSAPP_PROVIDER ??
      (env.WHATSAPP_TOKEN ? 'cloud' : isLoopbackUrl(env.SITE_URL ?? DEFAULT_SITE_URL) ? 'file' : 'off'),
    SMS_PROVIDER:
      env.SMS_PROVIDER ??
      (env.MSG91_AUTH_KEY ? 'msg91' : isLoopbackUrl(env.SITE_URL ?? DEFAULT_SITE_URL) ? 'file' : 'off'),
  }));

export type ServerEnv = z.output<typeof serverSchema>;

/** Developer tools (`npm run bench`); the test runners' own variables are documented in .env.example. */
const toolSchema = z.object({
  BENCH_PORT: wholeNumber(1, 65_535).default(4601),
  BENCH_SECONDS: wholeNumber(1, 600).default(8),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** The PostgreSQL server `npm run bench -- --products N` makes its databases on. */
  BENCH_DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/postgres'),
});

/** Every variable this module declares (the server's and the developer tools'). */
export const DECLARED_VARIABLES: readonly string[] = [
  ...Object.keys(serverVariables.shape),
  ...Object.keys(toolSchema.shape),
];

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

// `NAME=` in a .env file means "not set", so the default applies.
const withoutEmpty = (source: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));

function parse<T extends z.ZodType>(schema: T, source: Record<string, string | undefined>): z.output<T> {
  const result = schema.safeParse(withoutEmpty(source));
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const given = source[name];
    const shown = given === undefined || /SECRET|PASSWORD|URL/.test(name) ? '' : ` (got "${given}")`;
    return `  ${name} ${issue.message}${shown}`;
  });
  throw new ConfigurationError(`Invalid configuration:\n${problems.join('\n')}`);
}

/** Validates a set of variables (process.env by default); throws ConfigurationError naming each bad one. */
export function loadEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  return parse(serverSchema, source);
}

export function loadToolEnv(source: Record<string, string | undefined> = process.env) {
  return parse(toolSchema, source);
}

let cached: ServerEnv | undefined;

/** The validated configuration of this process. */
export function env(): ServerEnv {
  cached ??= loadEnv();
  return cached;
}

/** For tests that change process.env: the next env() reads it again. */
export function resetEnv() {
  cached = undefined;
}
