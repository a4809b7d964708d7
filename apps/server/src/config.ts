import os from 'node:os';
import path from 'node:path';
import { brand } from '@lumigen/contract/brand';
import {
  defaultToolProviderOrder,
  toolIds,
  toolProviders,
  toolsOffered,
  type ToolId,
  type ToolProviderName,
} from '@lumigen/contract/tools';
import { z } from 'zod';
import { parseTrustProxy } from './lib/client-key.ts';
import { serverRoot } from './server-root.ts';

/** The GPT Image model OpenAI lists as current (checked 2026-11-24; docs/decisions/017). */
export const defaultImageModel = 'gpt-image-2.6-flare';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const optionalSecret = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A comma-separated list of tool providers, in order, each named once; empty or unset: undefined. */
const providerList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z.enum(toolProviders, { error: `must list providers among ${toolProviders.join(', ')}, separated by commas` }),
      )
      .refine((names) => new Set(names).size === names.length, 'names a provider twice'),
  )
  .transform((names) => (names.length > 0 ? (names as ToolProviderName[]) : undefined));

/** `{"provider:endpoint": dollars}`: list prices to use instead of the table in providers/prices.ts. */
const providerPrices = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value?.trim()) return {};
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().regex(/^[a-z]+:\S+$/, 'keys are provider:endpoint'), z.number().nonnegative()));

/** ADMIN_EMAILS: addresses separated by commas, compared as the accounts store them (lower case). */
const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: (issue) => `${String(issue.input)} is not an e-mail address` })));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  // Connections each process keeps to PostgreSQL (docs/deploy.md sizes it against max_connections).
  DATABASE_POOL_SIZE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(2).max(200).default(10),
  ),
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.resolve(serverRoot, '../web/dist')),
  // A whole request (headers and body) must arrive within this; a connection silent this long is
  // closed; an idle keep-alive connection is kept this long (above common load balancers' 60 s).
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().positive().default(72),
  // Open job-event streams: each holds a socket and a watcher, so one account cannot open thousands.
  SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().positive().default(6),
  SSE_MAX_STREAMS_PER_IP: z.coerce.number().int().positive().default(30),
  // Uploads spill to DATA_DIR/uploads, the database's disk: bounded in all, and refused when it runs low.
  UPLOADS_MAX_SPILL_MB: z.coerce.number().positive().default(2048),
  DISK_MIN_FREE_MB: z.coerce.number().min(0).default(1024),
  RESERVATION_TIMEOUT_MINUTES: z.coerce.number().positive().default(10),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
  // The sweep also deletes sessions nobody used for this long.
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
  JOBS_RETENTION_DAYS: z.coerce.number().positive().default(30),
  AUTH_RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_EMAIL_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  // Paid work (generate-image, the tools, job submissions) per user and per client, counted together.
  PAID_RATE_LIMIT_USER_MAX: z.coerce.number().int().positive().default(60),
  PAID_RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(120),
  PAID_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  // The public forms (contact, newsletter), each per client.
  FORMS_RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(5),
  FORMS_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60),
  // Unset: true in production (free credits wait until the address is proven), false otherwise
  // so that the embedded default behaves as the specification says (see signupBonusAfterVerificationOf).
  SIGNUP_BONUS_AFTER_VERIFICATION: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['true', 'false']).optional(),
  ),
  // Login failures per (address, client) and per address from anywhere (decision 018).
  AUTH_LOGIN_FAILURES_PER_ADDRESS_AND_IP: z.coerce.number().int().positive().default(10),
  AUTH_LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  // Optional rather than defaulted: production must choose (checkTrustProxy); elsewhere unset is false.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return undefined;
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        context.addIssue({
          code: 'custom',
          message: 'must be true, false, a hop count, or comma-separated proxy addresses/CIDRs',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  // Unset: Stripe when STRIPE_SECRET_KEY is set, else the local test-mode provider.
  PAYMENT_PROVIDER: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['local', 'stripe']).optional()),
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_PUBLISHABLE_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  STRIPE_API_BASE: optionalUrl,
  // The operator's explicit "yes, test payments here" (see checkTestPayments).
  ALLOW_TEST_PAYMENTS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['true', 'false']).default('false'),
  ),
  NODE_ENV: z.string().optional(),
  GENERATION_PROVIDER: z
    .enum(['local', 'openai', ''])
    .optional()
    .transform((value) => value || undefined),
  OPENAI_API_KEY: optionalSecret,
  OPENAI_BASE_URL: optionalUrl,
  // docs/decisions/017: a current GPT Image model; DALL·E 2 and 3 were shut down on 2026-05-12.
  OPENAI_IMAGE_MODEL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/, 'must be a model name (letters, digits, . _ : / -)')
      .default(defaultImageModel),
  ),
  OPENAI_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  // An ordered list (`stability,clipdrop,local`); unset: every provider whose key is set (decision 050).
  TOOLS_PROVIDER: providerList,
  ...(Object.fromEntries(toolIds.map((tool) => [toolProviderKey(tool), providerList])) as Record<
    `TOOLS_PROVIDER_${string}`,
    typeof providerList
  >),
  CLIPDROP_API_KEY: optionalSecret,
  CLIPDROP_BASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url().default('https://clipdrop-api.co'),
  ),
  CLIPDROP_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  STABILITY_API_KEY: optionalSecret,
  STABILITY_BASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url().default('https://api.stability.ai'),
  ),
  // One call, its one retry and (replace-background) the polling of its result, all within this.
  STABILITY_TIMEOUT_SECONDS: z.coerce.number().positive().default(90),
  // Overrides of the list prices in providers/prices.ts: {"stability:/v2beta/stable-image/edit/erase": 0.05}.
  PROVIDER_PRICES_JSON: providerPrices,
  // What a local preview (a classical approximation, not a learned model) costs (docs/decisions/051).
  LOCAL_PREVIEW_CREDITS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(100).default(0),
  ),
  // Unset: every message is written as an .eml file under DATA_DIR/outbox instead.
  SMTP_URL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
        .optional(),
    )
    .optional(),
  MAIL_FROM: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().default(`${brand.name} <${brand.email}>`),
  ),
  // Set S3_BUCKET to keep images and job inputs in an S3-compatible bucket (docs/decisions/021).
  S3_BUCKET: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
      )
      .optional(),
  ),
  S3_ENDPOINT: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional())
    .optional(),
  S3_REGION: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/, 'must be a region name such as us-east-1')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalSecret,
  S3_SECRET_ACCESS_KEY: optionalSecret,
  // Unset: path-style with S3_ENDPOINT (self-hosted servers), virtual-hosted on AWS.
  S3_FORCE_PATH_STYLE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['true', 'false']).optional(),
  ),
  TOOLS_LOCAL_THREADS: z.coerce.number().int().min(1).max(32).default(2),
  // Optional rather than defaulted, so the rule below applies only to a value someone chose.
  TOOLS_LOCAL_TIMEOUT_SECONDS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().positive().optional(),
  ),
  // Paid work as jobs (decision 022). 0: this instance only serves HTTP; `npm run worker` runs the jobs.
  WORKERS_IN_PROCESS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['0', '1', 'false', 'true'], { error: 'must be 1 (run jobs here) or 0 (web only)' })
      .default('1')
      .transform((value) => value === '1' || value === 'true'),
  ),
  // Optional rather than defaulted: the default follows where the providers do their work.
  WORKER_CONCURRENCY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  JOBS_MAX_RUNNING_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  // Unusable-output refunds per account per UTC day; beyond, its paid work waits until 00:00 UTC.
  UNUSABLE_REFUNDS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(10),
  JOBS_MAX_QUEUED_PER_USER: z.coerce.number().int().min(0).max(1000).default(20),
  // Optional rather than defaulted: the default follows the providers' own timeouts.
  JOBS_TIMEOUT_SECONDS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).optional(),
  ),
  // Job changes are pushed (LISTEN/NOTIFY); this look at every watched job only covers one missed.
  JOBS_WATCH_BACKSTOP_SECONDS: z.coerce.number().positive().max(86_400).default(30),
  // The operators: each listed account with a confirmed address is an admin (docs/decisions/054).
  ADMIN_EMAILS: emailList,
  // GET /metrics (docs/decisions/024): neither set, it answers 404; a token asks for it as a bearer;
  // a port serves it on 127.0.0.1 only, and not on PORT.
  METRICS_TOKEN: optionalSecret.pipe(z.string().min(16, 'must be at least 16 characters (a random secret)').optional()),
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
});

type Env = z.infer<typeof envSchema>;

/** Stripe needs all three keys; a missing one is a start-up error, not a failed checkout later. */
function checkPaymentKeys(e: Env, ctx: z.RefinementCtx) {
  if (paymentProviderOf(e) !== 'stripe') return;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when payments go through Stripe' });
  }
}

/**
 * The local test-mode provider sells credits for a test card number. Beside a paid upstream key
 * (each credit spent costs the operator real money) or in production, that is a forgotten Stripe
 * key, not a choice: refuse to start unless the operator says so.
 */
function checkTestPayments(e: Env, ctx: z.RefinementCtx) {
  if (paymentProviderOf(e) !== 'local' || e.ALLOW_TEST_PAYMENTS === 'true') return;
  const reasons = [
    ...(e.NODE_ENV === 'production' ? ['NODE_ENV=production'] : []),
    ...(['OPENAI_API_KEY', 'CLIPDROP_API_KEY', 'STABILITY_API_KEY'] as const)
      .filter((key) => e[key])
      .map((key) => `${key} is set`),
  ];
  if (reasons.length === 0) return;
  ctx.addIssue({
    code: 'custom',
    path: ['PAYMENT_PROVIDER'],
    message:
      `the local test-mode payment provider would sell credits for a test card (${reasons.join(', ')}). ` +
      'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET for real payments, ' +
      'or ALLOW_TEST_PAYMENTS=true to keep test payments on purpose',
  });
}

function paymentProviderOf(e: Env): 'local' | 'stripe' {
  return e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'local');
}

export type PaymentsConfig =
  | {
      provider: 'local';
      /** Signs the local provider's webhooks; unset: a random secret per process. */
      webhookSecret: string | undefined;
    }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Another address for Stripe's API (tests, stripe-mock); unset: Stripe's own. */
      apiBase: string | undefined;
    };

function paymentsConfig(e: Env): PaymentsConfig {
  if (paymentProviderOf(e) === 'local') return { provider: 'local', webhookSecret: e.STRIPE_WEBHOOK_SECRET };
  return {
    provider: 'stripe',
    // Present: checkPaymentKeys refused the configuration otherwise.
    secretKey: e.STRIPE_SECRET_KEY!,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    apiBase: e.STRIPE_API_BASE,
  };
}

const s3Keys = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * S3_BUCKET switches storage to S3, which then needs a region and both keys: a missing one is a
 * start-up error, not a failed image later. Any other S3_* without a bucket is a forgotten bucket,
 * not a choice: images would silently stay on this machine's disk.
 */
function checkS3(e: Env, ctx: z.RefinementCtx) {
  if (!e.S3_BUCKET) {
    const set = s3Keys.filter((key) => e[key] !== undefined);
    if (set.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`,
      });
    return;
  }
  for (const key of ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when S3_BUCKET is set' });
  }
}

/**
 * Production settings that start but fail people later: outbox-only mail (no reset mail arrives),
 * links that point at a plain-http or localhost origin. Each is one more "KEY: problem" line.
 */
function checkProduction(e: Env, ctx: z.RefinementCtx) {
  // Jobs accepted here with nothing to run them would keep their credits reserved for ever.
  if (!e.WORKERS_IN_PROCESS && !e.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['WORKERS_IN_PROCESS'],
      message: '0 needs DATABASE_URL (a worker process can reach only PostgreSQL); without it no job would ever run',
    });
  }
  if (e.NODE_ENV !== 'production') return;
  if (!e.SMTP_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'required with NODE_ENV=production (without it mail only goes to DATA_DIR/outbox)',
    });
  if (new URL(e.PUBLIC_ORIGIN).protocol !== 'https:') {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_ORIGIN'],
      message: `must be an https:// origin with NODE_ENV=production (mailed links use it; it is ${e.PUBLIC_ORIGIN})`,
    });
  }
}

/**
 * Behind a proxy, the default (trust no hop) makes every client share the proxy's address, and
 * per-IP limits become global; `true` lets any client pick its own. In production the operator
 * must say which it is: false (no proxy), a hop count, or the proxies' addresses.
 */
function checkTrustProxy(e: Env, ctx: z.RefinementCtx) {
  if (e.NODE_ENV !== 'production') return;
  if (e.TRUST_PROXY === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        "must be set explicitly when NODE_ENV=production: false (clients connect directly), a hop count (e.g. 1), or the proxies' addresses/CIDRs",
    });
  } else if (e.TRUST_PROXY === true) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        "true lets any client pick its own address with X-Forwarded-For; in production name the proxies' addresses/CIDRs or a hop count",
    });
  }
}

/** Production grants the sign-up bonus on a confirmed address unless the operator says otherwise. */
function signupBonusAfterVerificationOf(e: Env): boolean {
  return e.SIGNUP_BONUS_AFTER_VERIFICATION === undefined
    ? e.NODE_ENV === 'production'
    : e.SIGNUP_BONUS_AFTER_VERIFICATION === 'true';
}

/** Rules between keys, reported with the same "KEY: problem" lines as a single bad value. */
const checkedEnvSchema = envSchema.superRefine((e, context) => {
  if (e.GENERATION_PROVIDER === 'openai' && !e.OPENAI_API_KEY) {
    context.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'required when GENERATION_PROVIDER=openai' });
  }
  // A generation still waiting for OpenAI must never have its credit swept back meanwhile.
  const usesOpenAi = e.GENERATION_PROVIDER === 'openai' || (!e.GENERATION_PROVIDER && e.OPENAI_API_KEY);
  if (usesOpenAi && e.OPENAI_TIMEOUT_SECONDS * 1000 >= e.RESERVATION_TIMEOUT_MINUTES * 60_000) {
    context.addIssue({
      code: 'custom',
      path: ['OPENAI_TIMEOUT_SECONDS'],
      message: 'must be shorter than RESERVATION_TIMEOUT_MINUTES',
    });
  }
  checkToolChains(e, context);
  // Likewise an edit still running (its whole chain of providers) must never have its credit swept back meanwhile.
  for (const { key, seconds } of toolChainTimeouts(e)) {
    if (seconds !== undefined && seconds * 1000 >= e.RESERVATION_TIMEOUT_MINUTES * 60_000) {
      context.addIssue({ code: 'custom', path: [key], message: 'must be shorter than RESERVATION_TIMEOUT_MINUTES' });
    }
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    context.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: 'must differ from PORT (metrics are served on a listener of their own)',
    });
  }
  // A job's attempt outlives its provider call (which ends it first) and never its reservation.
  if (e.JOBS_TIMEOUT_SECONDS !== undefined) {
    if (e.JOBS_TIMEOUT_SECONDS * 1000 >= e.RESERVATION_TIMEOUT_MINUTES * 60_000) {
      context.addIssue({
        code: 'custom',
        path: ['JOBS_TIMEOUT_SECONDS'],
        message: 'must be shorter than RESERVATION_TIMEOUT_MINUTES',
      });
    }
    const longest = longestProviderTimeout(e);
    if (e.JOBS_TIMEOUT_SECONDS <= longest.seconds) {
      context.addIssue({
        code: 'custom',
        path: ['JOBS_TIMEOUT_SECONDS'],
        message: `must be longer than ${longest.key} (${longest.seconds} s)`,
      });
    }
  }
});

/** The longest time a provider may take for one job, by the key that sets it. */
function longestProviderTimeout(e: Env): { key: string; seconds: number } {
  const usesOpenAi = e.GENERATION_PROVIDER === 'openai' || (!e.GENERATION_PROVIDER && e.OPENAI_API_KEY);
  const candidates = [
    ...(usesOpenAi ? [{ key: 'OPENAI_TIMEOUT_SECONDS', seconds: e.OPENAI_TIMEOUT_SECONDS }] : []),
    ...toolChainTimeouts(e).map(({ key, seconds }) => ({ key, seconds: seconds ?? defaultLocalToolSeconds })),
  ];
  return candidates.reduce((a, b) => (b.seconds > a.seconds ? b : a));
}

/**
 * Unset JOBS_TIMEOUT_SECONDS: the longest provider timeout and half a minute to store the image,
 * kept below the reservation timeout (a test may set that to a fraction of a second).
 */
function jobsTimeoutOf(e: Env): number {
  if (e.JOBS_TIMEOUT_SECONDS !== undefined) return e.JOBS_TIMEOUT_SECONDS;
  const belowReservation = Math.floor(e.RESERVATION_TIMEOUT_MINUTES * 60 * 0.9);
  return Math.max(1, Math.min(Math.ceil(longestProviderTimeout(e).seconds) + 30, belowReservation));
}

const defaultLocalToolSeconds = 120;

/** `TOOLS_PROVIDER_<TOOL>`: the tool's name upper-cased, `-` as `_`. */
export function toolProviderKey(tool: ToolId): `TOOLS_PROVIDER_${string}` {
  return `TOOLS_PROVIDER_${tool.toUpperCase().replaceAll('-', '_')}`;
}

const toolListOf = (e: Env, key: string) => (e as unknown as Record<string, ToolProviderName[] | undefined>)[key];

const providerKeys = {
  clipdrop: 'CLIPDROP_API_KEY',
  stability: 'STABILITY_API_KEY',
  openai: 'OPENAI_API_KEY',
} as const;
const providerTimeoutKeys = {
  clipdrop: 'CLIPDROP_TIMEOUT_SECONDS',
  stability: 'STABILITY_TIMEOUT_SECONDS',
  openai: 'OPENAI_TIMEOUT_SECONDS',
  local: 'TOOLS_LOCAL_TIMEOUT_SECONDS',
} as const;

/**
 * Each tool's providers in the order they are tried: `TOOLS_PROVIDER_<TOOL>`, else `TOOLS_PROVIDER`
 * without the providers that do not offer the tool, else every provider whose key is set
 * (clipdrop, stability, openai) and then the local tools. A list that leaves a tool with no
 * provider falls back to the local tools, which offer every tool.
 */
function toolChainsOf(e: Env): Record<ToolId, ToolProviderName[]> {
  const keyed = defaultToolProviderOrder.filter((name) => name === 'local' || e[providerKeys[name]]);
  return Object.fromEntries(
    toolIds.map((tool) => {
      const own = toolListOf(e, toolProviderKey(tool));
      const chain = (own ?? e.TOOLS_PROVIDER ?? keyed).filter((name) => toolsOffered[name].includes(tool));
      return [tool, chain.length > 0 ? chain : ['local']];
    }),
  ) as Record<ToolId, ToolProviderName[]>;
}

/** A provider named without its key, or for a tool it does not offer, is a start-up error. */
function checkToolChains(e: Env, context: z.RefinementCtx) {
  const lists: [string, ToolProviderName[] | undefined][] = [
    ['TOOLS_PROVIDER', e.TOOLS_PROVIDER],
    ...toolIds.map(
      (tool) =>
        [toolProviderKey(tool), toolListOf(e, toolProviderKey(tool))] as [string, ToolProviderName[] | undefined],
    ),
  ];
  for (const [listKey, list] of lists) {
    for (const name of list ?? []) {
      if (name !== 'local' && !e[providerKeys[name]])
        context.addIssue({
          code: 'custom',
          path: [providerKeys[name]],
          message: `required when ${listKey} names ${name}`,
        });
    }
  }
  for (const tool of toolIds) {
    const key = toolProviderKey(tool);
    for (const name of toolListOf(e, key) ?? []) {
      if (!toolsOffered[name].includes(tool))
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `${name} does not offer ${tool} (it offers ${toolsOffered[name].join(', ')})`,
        });
    }
  }
}

/**
 * The longest each tool's chain may take, by the keys that add up to it: every provider of the
 * chain may be tried in turn. `seconds` is undefined for a local timeout nobody chose.
 */
function toolChainTimeouts(e: Env): { key: string; seconds: number | undefined }[] {
  const secondsOf = (name: ToolProviderName) =>
    name === 'local' ? e.TOOLS_LOCAL_TIMEOUT_SECONDS : e[providerTimeoutKeys[name]];
  return Object.values(toolChainsOf(e)).map((chain) => {
    const chosen = chain.map(secondsOf);
    const total = chosen.every((seconds) => seconds === undefined)
      ? undefined
      : chosen.reduce<number>((sum, seconds) => sum + (seconds ?? defaultLocalToolSeconds), 0);
    return { key: chain.map((name) => providerTimeoutKeys[name]).join(' + '), seconds: total };
  });
}

/** Every tool's chain starts at an outside service: a job's time is then mostly a wait on the network. */
const toolsAreRemote = (e: Env) => Object.values(toolChainsOf(e)).every((chain) => chain[0] !== 'local');

/** Jobs one process runs at once when both providers are remote: each job mostly waits on the network. */
export const remoteWorkerConcurrency = 16;

/**
 * WORKER_CONCURRENCY, or by default one job per core while a provider computes on this machine
 * (the local painter, the local tools: CPU work), and `remoteWorkerConcurrency` when both are
 * remote (OpenAI, Clipdrop), where a job's time is a wait that one per core would leave the
 * cores idle through (docs/decisions/034).
 */
function workerConcurrencyOf(e: Env, generationProvider: 'local' | 'openai'): number {
  if (e.WORKER_CONCURRENCY !== undefined) return e.WORKER_CONCURRENCY;
  return generationProvider === 'openai' && toolsAreRemote(e) ? remoteWorkerConcurrency : os.availableParallelism();
}

export type OpenAiConfig = {
  apiKey: string;
  baseUrl: string | undefined;
  /** The model the Images API is asked for; the request's `model` only names a tier. */
  model: string;
  timeoutMs: number;
  maxRetries: number;
};
export type GenerationConfig = { provider: 'local' } | { provider: 'openai'; openai: OpenAiConfig };
export type ClipdropConfig = { apiKey: string; baseUrl: string; timeoutMs: number };
export type LocalToolsConfig = { threads: number; timeoutMs: number };
export type StabilityConfig = { apiKey: string; baseUrl: string; timeoutMs: number };
/** OpenAI's image edits: the generation's key, address and model, with its own timeout. */
export type OpenAiEditsConfig = { apiKey: string; baseUrl: string | undefined; model: string; timeoutMs: number };
/**
 * The editing tools: each tool's chain of providers (decision 050) and the settings of every
 * provider a chain names; `prices` overrides the list prices of `providers/prices.ts`.
 */
export type ToolsConfig = {
  chains: Record<ToolId, ToolProviderName[]>;
  local: LocalToolsConfig;
  clipdrop?: ClipdropConfig;
  stability?: StabilityConfig;
  openai?: OpenAiEditsConfig;
  prices: Record<string, number>;
};

export type S3Config = {
  bucket: string;
  region: string;
  /** Another S3-compatible server (MinIO, Ceph, R2, s3rver in tests); unset: AWS's own. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
};

/**
 * Where images and job inputs live (docs/architecture.md §1): files under DATA_DIR, or one S3
 * bucket, which every instance and worker can reach.
 */
export type StorageConfig =
  { provider: 'files'; imagesDir: string; inputsDir: string } | { provider: 's3'; s3: S3Config };

function storageConfig(e: Env, dataDir: string): StorageConfig {
  if (!e.S3_BUCKET)
    return { provider: 'files', imagesDir: path.join(dataDir, 'images'), inputsDir: path.join(dataDir, 'inputs') };
  return {
    provider: 's3',
    s3: {
      bucket: e.S3_BUCKET,
      // Present: checkS3 refused the configuration otherwise.
      region: e.S3_REGION!,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
    },
  };
}

export type JobsConfig = {
  /** Run jobs in this process too (`npm start`); false: web only, `npm run worker` runs them. */
  workersInProcess: boolean;
  /** Jobs one worker process runs at once. */
  concurrency: number;
  maxRunningPerUser: number;
  maxQueuedPerUser: number;
  /** A running attempt past this is presumed lost with its worker, retried once, then refunded. */
  timeoutSeconds: number;
  /** While job changes are pushed to this process, how often it still reads every watched job. */
  watchBackstopSeconds: number;
};

export type MailConfig = {
  /** A real mail server; unset: messages go to `outboxDir` as .eml files. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
};

export type Config = {
  /** NODE_ENV=production: the checks above refused what production cannot work with. */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicOrigin: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  /** Slow clients: see HTTP_REQUEST_TIMEOUT_SECONDS and its neighbours in .env.example. */
  http: { requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Open job-event streams per account (an API key counts as its account) and per client address. */
  streams: { maxPerUser: number; maxPerIp: number };
  reservationTimeoutMs: number;
  sweepIntervalMs: number;
  /** What the sweep keeps of accounts: sessions unused this long go, and beyond 50 live ones per account. */
  retention: {
    sessionIdleDays: number;
    maxSessionsPerUser: number;
    jobsDays: number;
    localPaymentIntentsDays: number;
    outboxDays: number;
  };
  authRateLimit: {
    ipMax: number;
    emailMax: number;
    windowMs: number;
    loginFailuresPerAddressAndIp: number;
    loginFailuresPerAddress: number;
  };
  /** Paid work (generation, tools, job submissions), per user and per client IP, in one window. */
  paidRateLimit: { userMax: number; ipMax: number; windowMs: number };
  /** Contact and newsletter, per client IP. */
  formsRateLimit: { ipMax: number; windowMs: number };
  /** As Fastify's `trustProxy`: only X-Forwarded-For entries added by trusted proxies count. */
  trustProxy: boolean | number | string[];
  /** The sign-up bonus is granted when the e-mail address is verified, not at sign-up. */
  signupBonusAfterVerification: boolean;
  /** Cookies are sent over HTTPS only (NODE_ENV=production). */
  secureCookies: boolean;
  /** Unusable-output refunds per account per UTC day before its paid work waits for the next day. */
  unusableRefundsPerDay: number;
  /** Credits a local preview costs (docs/decisions/051); 0: no reservation, no ledger row. */
  localPreviewCredits: number;
  payments: PaymentsConfig;
  /** Image bytes and job inputs. */
  storage: StorageConfig;
  /** Editing tools' uploads while their request lasts (at start-up, what a gone process left goes). */
  uploadsDir: string;
  /** Bytes all uploads in progress may spill in this process; free bytes below which paid uploads wait. */
  uploads: { maxSpillBytes: number; minFreeBytes: number };
  generation: GenerationConfig;
  tools: ToolsConfig;
  mail: MailConfig;
  jobs: JobsConfig;
  /** Where /metrics is served: `port` on loopback, else on PORT when `token` is set, else nowhere. */
  metrics: { token: string | undefined; port: number | undefined };
  /** ADMIN_EMAILS, lower-cased: made admins at start-up, or when they confirm their address. */
  adminEmails: string[];
};

/** Parses the environment once; a bad value stops start-up with every offending key listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema
    .superRefine(checkPaymentKeys)
    .superRefine(checkTestPayments)
    .superRefine(checkS3)
    .superRefine(checkProduction)
    .superRefine(checkTrustProxy)
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // A key alone switches to OpenAI; GENERATION_PROVIDER=local keeps the local painter anyway.
  const provider = e.GENERATION_PROVIDER ?? (e.OPENAI_API_KEY ? 'openai' : 'local');
  return {
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicOrigin: new URL(e.PUBLIC_ORIGIN).origin,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_SECONDS * 1000,
    },
    streams: { maxPerUser: e.SSE_MAX_STREAMS_PER_USER, maxPerIp: e.SSE_MAX_STREAMS_PER_IP },
    reservationTimeoutMs: e.RESERVATION_TIMEOUT_MINUTES * 60_000,
    sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
    retention: {
      sessionIdleDays: e.SESSION_IDLE_DAYS,
      maxSessionsPerUser: 50,
      jobsDays: e.JOBS_RETENTION_DAYS,
      localPaymentIntentsDays: 30,
      outboxDays: 7,
    },
    authRateLimit: {
      ipMax: e.AUTH_RATE_LIMIT_IP_MAX,
      emailMax: e.AUTH_RATE_LIMIT_EMAIL_MAX,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      loginFailuresPerAddressAndIp: e.AUTH_LOGIN_FAILURES_PER_ADDRESS_AND_IP,
      loginFailuresPerAddress: e.AUTH_LOGIN_FAILURES_PER_ADDRESS,
    },
    paidRateLimit: {
      userMax: e.PAID_RATE_LIMIT_USER_MAX,
      ipMax: e.PAID_RATE_LIMIT_IP_MAX,
      windowMs: e.PAID_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    formsRateLimit: { ipMax: e.FORMS_RATE_LIMIT_IP_MAX, windowMs: e.FORMS_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    trustProxy: e.TRUST_PROXY ?? false,
    signupBonusAfterVerification: signupBonusAfterVerificationOf(e),
    secureCookies: e.NODE_ENV === 'production',
    unusableRefundsPerDay: e.UNUSABLE_REFUNDS_PER_DAY,
    localPreviewCredits: e.LOCAL_PREVIEW_CREDITS,
    payments: paymentsConfig(e),
    storage: storageConfig(e, dataDir),
    uploadsDir: path.join(dataDir, 'uploads'),
    uploads: { maxSpillBytes: e.UPLOADS_MAX_SPILL_MB * 1024 * 1024, minFreeBytes: e.DISK_MIN_FREE_MB * 1024 * 1024 },
    generation:
      provider === 'openai'
        ? {
            provider,
            openai: {
              apiKey: e.OPENAI_API_KEY!,
              baseUrl: e.OPENAI_BASE_URL,
              model: e.OPENAI_IMAGE_MODEL,
              timeoutMs: e.OPENAI_TIMEOUT_SECONDS * 1000,
              maxRetries: e.OPENAI_MAX_RETRIES,
            },
          }
        : { provider: 'local' },
    tools: toolsConfig(e),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    jobs: {
      workersInProcess: e.WORKERS_IN_PROCESS,
      concurrency: workerConcurrencyOf(e, provider),
      maxRunningPerUser: e.JOBS_MAX_RUNNING_PER_USER,
      maxQueuedPerUser: e.JOBS_MAX_QUEUED_PER_USER,
      timeoutSeconds: jobsTimeoutOf(e),
      watchBackstopSeconds: e.JOBS_WATCH_BACKSTOP_SECONDS,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    adminEmails: e.ADMIN_EMAILS,
  };
}

function toolsConfig(e: Env): ToolsConfig {
  const chains = toolChainsOf(e);
  const used = new Set(Object.values(chains).flat());
  return {
    chains,
    local: {
      threads: e.TOOLS_LOCAL_THREADS,
      timeoutMs: (e.TOOLS_LOCAL_TIMEOUT_SECONDS ?? defaultLocalToolSeconds) * 1000,
    },
    ...(used.has('clipdrop')
      ? {
          clipdrop: {
            apiKey: e.CLIPDROP_API_KEY!,
            baseUrl: e.CLIPDROP_BASE_URL,
            timeoutMs: e.CLIPDROP_TIMEOUT_SECONDS * 1000,
          },
        }
      : {}),
    ...(used.has('stability')
      ? {
          stability: {
            apiKey: e.STABILITY_API_KEY!,
            baseUrl: e.STABILITY_BASE_URL,
            timeoutMs: e.STABILITY_TIMEOUT_SECONDS * 1000,
          },
        }
      : {}),
    ...(used.has('openai')
      ? {
          openai: {
            apiKey: e.OPENAI_API_KEY!,
            baseUrl: e.OPENAI_BASE_URL,
            model: e.OPENAI_IMAGE_MODEL,
            timeoutMs: e.OPENAI_TIMEOUT_SECONDS * 1000,
          },
        }
      : {}),
    prices: e.PROVIDER_PRICES_JSON,
  };
}

/**
 * What production may run on but should not, logged loudly at start-up: one machine's embedded
 * database and one machine's disk for images cannot be shared, scaled or failed over.
 */
export function startupWarnings(config: Config): string[] {
  if (!config.production) return [];
  return [
    ...(config.databaseUrl
      ? []
      : [
          'NODE_ENV=production on the embedded database (PGlite in DATA_DIR): one process, one machine, no replica. Set DATABASE_URL to use PostgreSQL.',
        ]),
    ...(config.storage.provider === 'files'
      ? [
          "NODE_ENV=production with image files on this machine's disk (DATA_DIR/images): lost with the machine, unreachable from a second one. Set S3_BUCKET to keep them in object storage.",
        ]
      : []),
  ];
}
