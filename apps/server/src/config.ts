import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_ORIGIN: z.url().default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.resolve(import.meta.dirname, '../../web/dist')),
  RESERVATION_TIMEOUT_MINUTES: z.coerce.number().positive().default(10),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
  AUTH_RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_EMAIL_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  reservationTimeoutMs: number;
  sweepIntervalMs: number;
  authRateLimit: { ipMax: number; emailMax: number; windowMs: number };
  trustProxy: boolean;
};

/** Parses the environment once; a bad value stops start-up with every offending key listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicOrigin: new URL(e.PUBLIC_ORIGIN).origin,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    reservationTimeoutMs: e.RESERVATION_TIMEOUT_MINUTES * 60_000,
    sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
    authRateLimit: {
      ipMax: e.AUTH_RATE_LIMIT_IP_MAX,
      emailMax: e.AUTH_RATE_LIMIT_EMAIL_MAX,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    trustProxy: e.TRUST_PROXY,
  };
}
