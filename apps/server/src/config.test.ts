import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from './config.ts';

describe('the PostgreSQL pool', () => {
  it('keeps 10 connections per process unless DATABASE_POOL_SIZE says otherwise, and refuses a size that cannot work', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

// What production needs besides payments (see 'production means production' below).
const productionMailAndOrigin = { SMTP_URL: 'smtp://mail.internal:587', PUBLIC_ORIGIN: 'https://lumigen.example' };

describe('payment configuration', () => {
  it('defaults to the local test-mode provider', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'local', webhookSecret: undefined });
  });

  it('chooses Stripe when its secret key is set', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_live_x',
      publishableKey: 'pk_live_x',
      webhookSecret: 'whsec_x',
      apiBase: undefined,
    });
  });

  it('refuses to start with Stripe chosen but a key missing, naming every missing key', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: required when payments go through Stripe/,
    );
  });

  it('reads the empty values of a copied .env.example as unset', () => {
    const empty = {
      PAYMENT_PROVIDER: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_API_BASE: '',
    };
    expect(loadConfig(empty).payments).toEqual({ provider: 'local', webhookSecret: undefined });
  });

  it('keeps the local provider when asked, even with Stripe keys present', () => {
    expect(loadConfig({ PAYMENT_PROVIDER: 'local', STRIPE_SECRET_KEY: 'sk_test_x' }).payments.provider).toBe('local');
  });
});

describe('no test payments by accident', () => {
  const refusal =
    /PAYMENT_PROVIDER: .*STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET.*ALLOW_TEST_PAYMENTS=true/;

  it('refuses the local test-mode provider beside a paid upstream key', () => {
    expect(() => loadConfig({ OPENAI_API_KEY: 'sk-live' })).toThrow(refusal);
    expect(() => loadConfig({ CLIPDROP_API_KEY: 'cd-live' })).toThrow(refusal);
    // Even a key whose provider is switched off costs nothing to forget, but is refused alike:
    // it says the operator has a paid account here.
    expect(() => loadConfig({ OPENAI_API_KEY: 'sk-live', GENERATION_PROVIDER: 'local' })).toThrow(refusal);
  });

  it('refuses it with NODE_ENV=production, keys or not', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(refusal);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'local' })).toThrow(refusal);
  });

  it('says it in one message, even beside other problems', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', OPENAI_API_KEY: 'sk-live' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.match(/ALLOW_TEST_PAYMENTS/g)).toHaveLength(1);
  });

  it('allows it when the operator says so with ALLOW_TEST_PAYMENTS=true', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-live', ALLOW_TEST_PAYMENTS: 'true' }).payments.provider).toBe('local');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...productionMailAndOrigin,
        TRUST_PROXY: 'false',
        ALLOW_TEST_PAYMENTS: 'true',
      }).payments.provider,
    ).toBe('local');
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(/ALLOW_TEST_PAYMENTS/);
  });

  it('starts with Stripe in production and with upstream keys', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...productionMailAndOrigin,
        TRUST_PROXY: 'false',
        OPENAI_API_KEY: 'sk-live',
        CLIPDROP_API_KEY: 'cd',
        ...stripe,
      }).payments.provider,
    ).toBe('stripe');
  });

  it('leaves the embedded default (no keys, not production) as it was', () => {
    expect(loadConfig({}).payments.provider).toBe('local');
    expect(loadConfig({ NODE_ENV: 'development' }).payments.provider).toBe('local');
    expect(loadConfig({ NODE_ENV: 'test' }).payments.provider).toBe('local');
  });
});

describe('the generation model', () => {
  it('defaults to a current GPT Image model, and takes any name', () => {
    const openai = (env: Record<string, string>) => {
      const { generation } = loadConfig({ OPENAI_API_KEY: 'sk', ALLOW_TEST_PAYMENTS: 'true', ...env });
      return generation.provider === 'openai' ? generation.openai.model : undefined;
    };
    expect(openai({})).toBe('gpt-image-2.6-flare');
    expect(openai({ OPENAI_IMAGE_MODEL: 'gpt-image-1' })).toBe('gpt-image-1');
    expect(openai({ OPENAI_IMAGE_MODEL: 'stablediffusion' })).toBe('stablediffusion');
    expect(openai({ OPENAI_IMAGE_MODEL: '' })).toBe('gpt-image-2.6-flare');
    expect(() => openai({ OPENAI_IMAGE_MODEL: 'two words' })).toThrow(/OPENAI_IMAGE_MODEL/);
  });
});

describe('storage', () => {
  const s3 = {
    S3_BUCKET: 'lumigen-images',
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps images and job inputs in files under DATA_DIR by default, and with an empty .env.example', () => {
    const empty = {
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_REGION: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      S3_FORCE_PATH_STYLE: '',
    };
    for (const env of [{ DATA_DIR: '/srv/lumigen' }, { DATA_DIR: '/srv/lumigen', ...empty }]) {
      expect(loadConfig(env).storage).toEqual({
        provider: 'files',
        imagesDir: '/srv/lumigen/images',
        inputsDir: '/srv/lumigen/inputs',
      });
    }
  });

  it('uses the S3 bucket when S3_BUCKET is set: AWS itself, virtual-hosted, unless told otherwise', () => {
    expect(loadConfig(s3).storage).toEqual({
      provider: 's3',
      s3: {
        bucket: 'lumigen-images',
        region: 'eu-west-1',
        endpoint: undefined,
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({ s3: { forcePathStyle: true } });
  });

  it('defaults to path-style with S3_ENDPOINT (a self-hosted server), unless S3_FORCE_PATH_STYLE=false', () => {
    const minio = { ...s3, S3_ENDPOINT: 'http://minio.internal:9000' };
    expect(loadConfig(minio).storage).toMatchObject({
      provider: 's3',
      s3: { endpoint: 'http://minio.internal:9000', forcePathStyle: true },
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      s3: { forcePathStyle: false },
    });
  });

  it('refuses to start with a bucket but no region or keys, naming each missing key', () => {
    expect(() => loadConfig({ S3_BUCKET: 'lumigen-images' })).toThrow(
      /S3_REGION: required when S3_BUCKET is set[\s\S]*S3_ACCESS_KEY_ID: required when S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set/,
    );
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set/,
    );
  });

  it('refuses S3 settings without a bucket: images would silently stay on this disk', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio.internal:9000', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID are set/,
    );
  });

  it('refuses a malformed bucket, region, endpoint or path-style flag', () => {
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Lumigen_Images' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...s3, S3_REGION: 'eu west' })).toThrow(/S3_REGION: must be a region name/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('jobs and workers', () => {
  it('runs jobs in-process by default, one per core at a time, 2 running and 20 waiting per user', () => {
    const { jobs } = loadConfig({});
    expect(jobs).toMatchObject({
      workersInProcess: true,
      concurrency: os.availableParallelism(),
      maxRunningPerUser: 2,
      maxQueuedPerUser: 20,
    });
  });

  it('runs 16 jobs at a time by default when both providers are remote, one per core while either computes here', () => {
    const openai = { OPENAI_API_KEY: 'sk-test' };
    const clipdrop = { CLIPDROP_API_KEY: 'clipdrop-test' };
    expect(loadConfig({ ...openai, ...clipdrop, ALLOW_TEST_PAYMENTS: 'true' }).jobs.concurrency).toBe(16);
    expect(loadConfig({ ...openai, ALLOW_TEST_PAYMENTS: 'true' }).jobs.concurrency).toBe(os.availableParallelism());
    expect(loadConfig({ ...clipdrop, ALLOW_TEST_PAYMENTS: 'true' }).jobs.concurrency).toBe(os.availableParallelism());
    expect(
      loadConfig({ ...openai, ...clipdrop, ALLOW_TEST_PAYMENTS: 'true', WORKER_CONCURRENCY: '4' }).jobs.concurrency,
    ).toBe(4);
  });

  it('reads WORKERS_IN_PROCESS=0 as web only, and the limits and concurrency as given', () => {
    const env = {
      WORKERS_IN_PROCESS: '0',
      DATABASE_URL: 'postgres://db.internal/lumigen',
      WORKER_CONCURRENCY: '3',
      JOBS_MAX_RUNNING_PER_USER: '1',
      JOBS_MAX_QUEUED_PER_USER: '5',
    };
    expect(loadConfig(env).jobs).toMatchObject({
      workersInProcess: false,
      concurrency: 3,
      maxRunningPerUser: 1,
      maxQueuedPerUser: 5,
    });
    expect(loadConfig({ WORKERS_IN_PROCESS: '', WORKER_CONCURRENCY: '' }).jobs).toMatchObject({
      workersInProcess: true,
      concurrency: os.availableParallelism(),
    });
  });

  it('refuses a bad value of each, naming it', () => {
    expect(() => loadConfig({ WORKERS_IN_PROCESS: 'maybe' })).toThrow(
      /WORKERS_IN_PROCESS: must be 1 \(run jobs here\) or 0 \(web only\)/,
    );
    expect(() => loadConfig({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => loadConfig({ JOBS_MAX_RUNNING_PER_USER: '0' })).toThrow(/JOBS_MAX_RUNNING_PER_USER/);
    expect(() => loadConfig({ JOBS_MAX_QUEUED_PER_USER: '-1' })).toThrow(/JOBS_MAX_QUEUED_PER_USER/);
  });

  it("times a job out after the slowest provider's own timeout, below the reservation timeout", () => {
    // The local tools' 120 s, and 30 s to store the image.
    expect(loadConfig({}).jobs.timeoutSeconds).toBe(150);
    expect(loadConfig({ TOOLS_LOCAL_TIMEOUT_SECONDS: '20' }).jobs.timeoutSeconds).toBe(50);
    expect(loadConfig({ RESERVATION_TIMEOUT_MINUTES: '2' }).jobs.timeoutSeconds).toBe(108);
    expect(loadConfig({ JOBS_TIMEOUT_SECONDS: '200' }).jobs.timeoutSeconds).toBe(200);
  });

  it('refuses a job timeout at or above the reservation timeout, or within a provider timeout', () => {
    expect(() => loadConfig({ JOBS_TIMEOUT_SECONDS: '600' })).toThrow(
      /JOBS_TIMEOUT_SECONDS: must be shorter than RESERVATION_TIMEOUT_MINUTES/,
    );
    expect(() => loadConfig({ JOBS_TIMEOUT_SECONDS: '100' })).toThrow(
      /JOBS_TIMEOUT_SECONDS: must be longer than TOOLS_LOCAL_TIMEOUT_SECONDS \(120 s\)/,
    );
    const openai = {
      ALLOW_TEST_PAYMENTS: 'true',
      OPENAI_API_KEY: 'k',
      OPENAI_TIMEOUT_SECONDS: '90',
      TOOLS_LOCAL_TIMEOUT_SECONDS: '30',
    };
    expect(() =>
      loadConfig({ ...openai, GENERATION_PROVIDER: 'openai', TOOLS_PROVIDER: 'local', JOBS_TIMEOUT_SECONDS: '60' }),
    ).toThrow(/must be longer than OPENAI_TIMEOUT_SECONDS \(90 s\)/);
    // An edit may fail over along its chain: Stability's background removal, then the local model.
    const stability = { ALLOW_TEST_PAYMENTS: 'true', STABILITY_API_KEY: 'k', STABILITY_TIMEOUT_SECONDS: '90' };
    expect(() => loadConfig({ ...stability, TOOLS_LOCAL_TIMEOUT_SECONDS: '30', JOBS_TIMEOUT_SECONDS: '100' })).toThrow(
      /must be longer than STABILITY_TIMEOUT_SECONDS \+ TOOLS_LOCAL_TIMEOUT_SECONDS \(120 s\)/,
    );
  });
});

describe('metrics', () => {
  it('serves them nowhere by default, and reads the empty values of .env.example as unset', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({ token: undefined, port: undefined });
  });

  it('takes a token and a port as given', () => {
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef0123 ', METRICS_PORT: '9464' }).metrics).toEqual({
      token: '0123456789abcdef0123',
      port: 9464,
    });
  });

  it('refuses a short token, a bad port, or the main port, naming each', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_PORT: 'http' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});

describe('rate limits on paid work and the public forms', () => {
  it('defaults to 60 a minute per user and 120 per client IP for paid work, 5 an hour per client IP for each form', () => {
    const config = loadConfig({});
    expect(config.paidRateLimit).toEqual({ userMax: 60, ipMax: 120, windowMs: 60_000 });
    expect(config.formsRateLimit).toEqual({ ipMax: 5, windowMs: 3_600_000 });
  });

  it('takes each as given, and refuses a bad value naming it', () => {
    const env = {
      PAID_RATE_LIMIT_USER_MAX: '10',
      PAID_RATE_LIMIT_IP_MAX: '20',
      PAID_RATE_LIMIT_WINDOW_SECONDS: '30',
      FORMS_RATE_LIMIT_IP_MAX: '3',
      FORMS_RATE_LIMIT_WINDOW_SECONDS: '600',
    };
    const config = loadConfig(env);
    expect(config.paidRateLimit).toEqual({ userMax: 10, ipMax: 20, windowMs: 30_000 });
    expect(config.formsRateLimit).toEqual({ ipMax: 3, windowMs: 600_000 });
    expect(() => loadConfig({ PAID_RATE_LIMIT_USER_MAX: '0' })).toThrow(/PAID_RATE_LIMIT_USER_MAX/);
    expect(() => loadConfig({ FORMS_RATE_LIMIT_IP_MAX: 'many' })).toThrow(/FORMS_RATE_LIMIT_IP_MAX/);
  });
});

describe('production means production', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };
  const complete = {
    NODE_ENV: 'production',
    ...stripe,
    SMTP_URL: 'smtp://mail.internal:587',
    PUBLIC_ORIGIN: 'https://lumigen.example',
    TRUST_PROXY: 'false',
  };

  function refusalOf(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  }

  it('starts with mail, an https origin and Stripe', () => {
    expect(loadConfig(complete).publicOrigin).toBe('https://lumigen.example');
  });

  it('refuses without SMTP_URL: reset mails would reach nobody', () => {
    expect(refusalOf({ ...complete, SMTP_URL: '' })).toMatch(/SMTP_URL: required with NODE_ENV=production/);
  });

  it('refuses a PUBLIC_ORIGIN that is not https, the localhost default included', () => {
    expect(refusalOf({ ...complete, PUBLIC_ORIGIN: 'http://lumigen.example' })).toMatch(
      /PUBLIC_ORIGIN: must be an https:\/\/ origin with NODE_ENV=production/,
    );
    const { PUBLIC_ORIGIN: _unset, ...withoutOrigin } = complete;
    expect(refusalOf(withoutOrigin)).toMatch(/PUBLIC_ORIGIN: must be an https:\/\/ origin/);
  });

  it('names every missing variable in one message', () => {
    const message = refusalOf({ NODE_ENV: 'production', ...stripe });
    expect(message).toMatch(/SMTP_URL: required/);
    expect(message).toMatch(/PUBLIC_ORIGIN: must be an https/);
  });

  it('refuses WORKERS_IN_PROCESS=0 without DATABASE_URL in every mode: nothing would run the jobs', () => {
    expect(refusalOf({ WORKERS_IN_PROCESS: '0' })).toMatch(/WORKERS_IN_PROCESS: 0 needs DATABASE_URL/);
    expect(refusalOf({ ...complete, WORKERS_IN_PROCESS: '0' })).toMatch(/WORKERS_IN_PROCESS: 0 needs DATABASE_URL/);
    expect(
      loadConfig({ WORKERS_IN_PROCESS: '0', DATABASE_URL: 'postgres://db.internal/lumigen' }).jobs.workersInProcess,
    ).toBe(false);
  });

  it('warns loudly on the embedded database and on file storage in production, and not elsewhere', () => {
    const warnings = startupWarnings(loadConfig(complete));
    expect(warnings).toEqual([
      expect.stringMatching(/embedded database \(PGlite in DATA_DIR\).*DATABASE_URL/),
      expect.stringMatching(/image files on this machine's disk.*S3_BUCKET/),
    ]);
    const s3 = {
      S3_BUCKET: 'lumigen-images',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(startupWarnings(loadConfig({ ...complete, ...s3, DATABASE_URL: 'postgres://db.internal/lumigen' }))).toEqual(
      [],
    );
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });
});

describe('production: the client address and the sign-up bonus', () => {
  const production = { NODE_ENV: 'production', ...productionMailAndOrigin, ALLOW_TEST_PAYMENTS: 'true' };

  it('refuses to start in production without TRUST_PROXY, and with TRUST_PROXY=true, naming the choices', () => {
    expect(() => loadConfig(production)).toThrow(/TRUST_PROXY: must be set explicitly when NODE_ENV=production/);
    expect(() => loadConfig({ ...production, TRUST_PROXY: '' })).toThrow(/TRUST_PROXY: must be set explicitly/);
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true lets any client pick its own address.*proxies' addresses.*hop count/,
    );
  });

  it('starts in production with false, a hop count or the proxies named', () => {
    expect(loadConfig({ ...production, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('keeps the embedded default: TRUST_PROXY false unless set, true allowed outside production', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('grants the sign-up bonus after verification by default in production, at sign-up by default elsewhere', () => {
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).signupBonusAfterVerification).toBe(true);
    expect(
      loadConfig({ ...production, TRUST_PROXY: '1', SIGNUP_BONUS_AFTER_VERIFICATION: '' }).signupBonusAfterVerification,
    ).toBe(true);
    expect(
      loadConfig({ ...production, TRUST_PROXY: '1', SIGNUP_BONUS_AFTER_VERIFICATION: 'false' })
        .signupBonusAfterVerification,
    ).toBe(false);
    expect(loadConfig({}).signupBonusAfterVerification).toBe(false);
    expect(loadConfig({ SIGNUP_BONUS_AFTER_VERIFICATION: 'true' }).signupBonusAfterVerification).toBe(true);
  });
});
