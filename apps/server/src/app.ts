import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { startupWarnings, type Config } from './config.ts';
import { createOpenStreams } from './lib/open-streams.ts';
import { announceAccountStop, listenForAccountStops } from './lib/account-stops.ts';
import { makePrivateDir } from './lib/private-dir.ts';
import { createUploadGuard } from './lib/upload-guard.ts';
import { accountsRoutes, createAccountsService, promoteConfirmed } from './modules/accounts/index.ts';
import { adminRoutes, createAdminReports, createAdminService, createJobRetry } from './modules/admin/index.ts';
import { openDatabase, type Database } from './db/client.ts';
import { clientKey } from './lib/client-key.ts';
import { serializeError, serializeRequest } from './lib/log-serializers.ts';
import { apiKeysRoutes, createApiKeysService } from './modules/api-keys/index.ts';
import { batchesRoutes, createBatchesService, deleteBatchesOf } from './modules/batches/index.ts';
import { createPromptsService, deleteSavedPromptsOf, promptsRoutes } from './modules/prompts/index.ts';
import { createRecipesService, deleteRecipesOf, recipesRoutes } from './modules/recipes/index.ts';
import { creditsRoutes, startReservationSweep } from './modules/credits/index.ts';
import { type GenerationProvider, generationRoutes } from './modules/generation/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { clipdropRoutes, openAiImagesRoutes } from './modules/drop-in/index.ts';
import { createMailer } from './modules/mail/index.ts';
import { marketingRoutes } from './modules/marketing/index.ts';
import {
  createPaymentsService,
  injectWebhook,
  paymentsRoutes,
  selectPaymentProvider,
  webhookRoutes,
} from './modules/payments/index.ts';
import { createImageStores, imagesRoutes, type ImageStores } from './modules/images/index.ts';
import { jobsRoutes } from './modules/paid-work/index.ts';
import { createMetrics, httpMetricsPlugin, metricsRoutes, startMetricsServer } from './modules/metrics/index.ts';
import { runtimeLine } from './runtime.ts';
import {
  describeChains,
  editRoutes,
  removeStaleUploads,
  type EditChain,
  type ToolProvider,
  toolsRoutes,
} from './modules/tools/index.ts';
import { createPaidWork } from './paid-work.ts';
import { apiKeyAuthPlugin } from './plugins/api-key-auth.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { deleteExpiredRateLimits, rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { pruneRetainedData } from './retention.ts';

export type BuildOptions = {
  config: Config;
  /** An already open database (tests share one across app instances); else opened from config. */
  database?: Database;
  /** false silences logs; a stream receives them as JSON lines (tests read them). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Replaces the provider chosen from config (tests and the bench's zero-latency fake). */
  generationProvider?: GenerationProvider;
  /** Replaces the editing-tools provider chosen from config (tests and the bench's fakes). */
  toolProvider?: ToolProvider;
  /** Replaces the stores chosen from config (tests that watch what the stores hand out). */
  imageStores?: ImageStores;
  /** Replaces the edit-with-words providers chosen from config (tests). */
  editChain?: EditChain;
};

const jsonBodyLimit = 1024 * 1024;

/** The whole product as one Fastify instance; `server.ts` only starts it. */
export async function buildApp({
  config,
  database,
  logger = true,
  generationProvider,
  toolProvider,
  imageStores,
  editChain,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: [
            'req.headers.token',
            'req.headers.authorization',
            'req.headers.cookie',
            'req.headers["stripe-signature"]',
          ],
          serializers: { err: serializeError, req: serializeRequest },
          ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
        }
      : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: jsonBodyLimit,
    // Slow clients cannot hold a socket, or an upload's spilled files, for ever: a request must
    // arrive whole within requestTimeout (checked every second, not Node's default 30 s), and a
    // silent connection is closed. A response may take as long as it keeps moving. Node 20 reads
    // requestTimeout only when the server is made (Fastify sets it afterwards): hence `http`.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.http.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, config.http.requestTimeoutMs),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
  });
  app.log.info({ node: process.version }, runtimeLine());
  // A response finished while shutting down closes its connection: a keep-alive socket left
  // open would hold the shutdown until the client's keep-alive timeout.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Behind a proxy TRUST_PROXY does not name, every client has the proxy's address and per-IP
  // limits become one global limit: say so once, without a line per request.
  let untrustedForwardSeen = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      !untrustedForwardSeen &&
      request.headers['x-forwarded-for'] !== undefined &&
      request.ip === request.socket.remoteAddress
    ) {
      untrustedForwardSeen = true;
      request.log.warn(
        'a request carried X-Forwarded-For from a peer TRUST_PROXY does not trust: per-IP limits count the peer (set TRUST_PROXY to the proxies behind which this server runs)',
      );
    }
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // docs/product.md's credit calls post an empty body; treat an empty JSON body as "no body".
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    void parseJson(request, body as string, done);
  });

  // Uploads, outbox mail and (with files) images live here too, on PostgreSQL as on PGlite.
  await makePrivateDir(config.dataDir);
  const ownsDatabase = !database;
  const db =
    database ??
    (await openDatabase({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
      onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
      // Another process may now write the same files: this one must not write again.
      onLockLost: (error) => {
        app.log.fatal({ err: error }, 'DATA_DIR lock lost; stopping without another write');
        process.exit(1);
      },
    }));
  const mailer = createMailer(config.mail, app.log);
  // `stores.inputs` is where job inputs wait, for a worker on any machine to read.
  const stores = imageStores ?? (await createImageStores(config.storage));
  const metrics = createMetrics();
  const paidWork = createPaidWork({
    config,
    database: db,
    stores,
    log: app.log,
    metrics,
    generationProvider,
    toolProvider,
    editChain,
  });
  const { credits, images, generation, tools, edit, jobs } = paidWork;
  const accounts = createAccountsService(db.db, credits, {
    mailer,
    images,
    // What grouped and repeated their jobs goes with them: pictures' names, saved settings.
    forgetters: [jobs.forgetUser, deleteBatchesOf, deleteRecipesOf, deleteSavedPromptsOf],
    publicOrigin: config.publicOrigin,
    signupBonusAfterVerification: config.signupBonusAfterVerification,
    adminEmails: config.adminEmails,
  });
  await promoteAdmins(app, db.db, config.adminEmails);
  const apiKeys = createApiKeysService(db.db, credits, { mailer, publicOrigin: config.publicOrigin });
  const paymentSetup = selectPaymentProvider(config.payments, { db: db.db, deliver: injectWebhook(app) });
  const payments = createPaymentsService({ db: db.db, credits, provider: paymentSetup.provider });
  await generation.verifyProvider(app.log);
  logProviders(app, {
    generation: generation.model ? `${generation.providerName} (${generation.model})` : generation.providerName,
    tools: tools.chains ? describeChains(tools.chains) : tools.providerName,
    payments: paymentSetup.provider.name === 'local' ? 'local (test mode: no money moves)' : 'stripe',
    storage: stores.description,
    mail: mailer.providerName,
  });
  for (const warning of startupWarnings(config)) app.log.warn(`WARNING: ${warning}`);
  app.log.info(
    { workersInProcess: config.jobs.workersInProcess, concurrency: config.jobs.concurrency },
    config.jobs.workersInProcess
      ? `jobs: ${config.jobs.concurrency} at a time in this process`
      : 'jobs: none here (web only); `npm run worker` runs them',
  );
  // Each request deletes its own uploads; what a crashed process left behind goes now.
  await removeStaleUploads(config.uploadsDir);

  await app.register(errorHandlerPlugin);
  await app.register(httpMetricsPlugin, { metrics });
  await app.register(securityPlugin, {
    publicOrigin: config.publicOrigin,
    stripe: config.payments.provider === 'stripe',
  });
  await app.register(rateLimitPlugin, { db: db.db });
  // Before any route: it documents every route of the contract's table as it is registered.
  await app.register(openApiPlugin, { publicOrigin: config.publicOrigin });
  await app.register(authPlugin, { accounts });
  await app.register(apiKeyAuthPlugin, { apiKeys });
  const uploadGuard = createUploadGuard({ dataDir: config.dataDir, ...config.uploads });
  await app.register(healthRoutes, {
    ping: db.ping,
    generation,
    toolsProvider: tools.providerName,
    toolChains: tools.chains,
    prices: paidWork.prices,
    edit: { providers: edit.providers },
    diskLow: uploadGuard.diskLow,
  });
  await app.register(accountsRoutes, { accounts, config, exportDeps: { accounts, credits, payments, images } });
  await app.register(creditsRoutes, { credits, editPrice: () => paidWork.priceStore.current().edit });
  // Job event streams, counted per account and address. A suspension or deletion ends the account's
  // here at once, and on every other instance through the database (decision 054).
  const openStreams = createOpenStreams();
  const endStreamsHere = (userId: string) => void openStreams.endAll(`user:${userId}`);
  const accountStops = await listenForAccountStops(db, endStreamsHere, app.log);
  app.addHook('onClose', () => accountStops.close());
  await app.register(adminRoutes, {
    admin: createAdminService({
      db: db.db,
      accounts,
      credits,
      apiKeys,
      endStreamsOf: (userId) => {
        endStreamsHere(userId);
        announceAccountStop(db.db, userId).catch((error: unknown) =>
          app.log.error({ err: error, userId }, 'could not tell the other instances of a stopped account'),
        );
      },
    }),
    confirmLimit: { max: config.authRateLimit.emailMax, windowMs: config.authRateLimit.windowMs },
    reports: {
      // A job unfinished for as long as the sweep waits before refunding it is stuck (decision 055).
      reports: createAdminReports({ db: db.db, stuckAfterMs: config.reservationTimeoutMs }),
      retry: createJobRetry({ db: db.db, jobs }),
    },
    prices: { db: db.db, prices: paidWork.priceStore },
  });
  await app.register(apiKeysRoutes, { apiKeys });
  await app.register(marketingRoutes, { db: db.db, limits: config.formsRateLimit });
  await app.register(paymentsRoutes, { payments, config: config.payments, local: paymentSetup.local });
  await app.register(webhookRoutes, { payments, webhookSecret: paymentSetup.webhookSecret });
  // One count for all paid work (generations, edits, job submissions, drop-in calls), checked after
  // the token or key and before anything is read, reserved or charged.
  const paidLimit = app.limitBy(
    [
      // A call made with an API key counts for the key's owner, with their own calls.
      {
        name: 'paid:user',
        max: config.paidRateLimit.userMax,
        key: (request) => request.auth?.userId ?? request.apiKey?.userId,
      },
      { name: 'paid:ip', max: config.paidRateLimit.ipMax, key: (request) => clientKey(request.ip) },
    ],
    config.paidRateLimit.windowMs,
  );
  await app.register(generationRoutes, { generation, jobs, paidLimit });
  await app.register(toolsRoutes, { tools, jobs, uploadsDir: config.uploadsDir, uploadGuard, paidLimit });
  await app.register(editRoutes, { edit, jobs, uploadsDir: config.uploadsDir, uploadGuard, paidLimit });
  await app.register(jobsRoutes, {
    jobs,
    streams: { ...config.streams, idleTimeoutMs: config.http.idleTimeoutMs },
    openStreams,
  });
  const batches = createBatchesService({ db: db.db, jobs, tools, images, log: app.log });
  await app.register(batchesRoutes, { batches, jobs, uploadsDir: config.uploadsDir, uploadGuard, paidLimit });
  await app.register(promptsRoutes, { prompts: createPromptsService({ db: db.db }) });
  await app.register(recipesRoutes, {
    recipes: createRecipesService({ db: db.db, priceOf: jobs.costOf }),
    batches,
    jobs,
    uploadsDir: config.uploadsDir,
    uploadGuard,
    paidLimit,
  });
  await app.register(imagesRoutes, { images });
  // The drop-in endpoints (docs/product.md, developer API), each with its service's error shape (their own plugins).
  await app.register(openAiImagesRoutes, {
    generation,
    edit,
    jobs,
    paidLimit,
    uploadsDir: config.uploadsDir,
    uploadGuard,
  });
  await app.register(clipdropRoutes, { tools, jobs, uploadsDir: config.uploadsDir, uploadGuard, paidLimit });
  // On this port only with a token and no METRICS_PORT; else 404 (docs/decisions/024).
  await app.register(metricsRoutes, {
    registry: metrics.registry,
    token: config.metrics.token,
    served: config.metrics.port === undefined && config.metrics.token !== undefined,
  });
  await app.register(webAppPlugin, { distDir: config.webDistDir });

  await paidWork.start({ workers: config.jobs.workersInProcess ? config.jobs.concurrency : 0 });
  const sweep = startReservationSweep(credits, {
    timeoutMs: config.reservationTimeoutMs,
    intervalMs: config.sweepIntervalMs,
    log: app.log,
    alsoRun: async () => {
      await deleteExpiredRateLimits(db.db);
      await pruneRetainedData(db.db, { retention: config.retention, outboxDir: config.mail.outboxDir });
      await jobs.sweep();
      // A file stored for an attempt that crashed before its charge committed: nobody's image.
      await images.sweepUnowned(config.reservationTimeoutMs);
    },
  });
  await sweep.first;
  const metricsServer =
    config.metrics.port === undefined
      ? undefined
      : await startMetricsServer({
          registry: metrics.registry,
          port: config.metrics.port,
          token: config.metrics.token,
          log: app.log,
        });

  app.addHook('onClose', async () => {
    await metricsServer?.close();
    await sweep.stop();
    await paidWork.stop();
    await mailer.close();
    await stores.close();
    if (ownsDatabase) await db.close();
  });
  return app;
}

/**
 * A hop count trusts the nearest N hops, as Express and proxy-addr read it. Fastify 5 now treats a
 * bare number as "trust nothing" (it cannot vouch for the peer), so the count becomes the function
 * Fastify takes: the operator who sets it says the server is reachable only through N proxies.
 */
function fastifyTrustProxy(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * ADMIN_EMAILS at start-up: the listed accounts with a confirmed address become admins; a listed
 * address with no such account is named, as it opens nothing until it is confirmed.
 */
async function promoteAdmins(app: FastifyInstance, db: Database['db'], emails: string[]) {
  if (emails.length === 0) return;
  const admins = await promoteConfirmed(db, emails);
  const waiting = emails.filter((email) => !admins.includes(email));
  app.log.info({ admins }, `admins: ${admins.length > 0 ? admins.join(', ') : 'none yet'}`);
  if (waiting.length > 0)
    app.log.warn(`ADMIN_EMAILS: ${waiting.join(', ')} become admins once an account with that address confirms it`);
}

/** One line an operator reads at start-up to know what serves each concern (and what costs money). */
function logProviders(
  app: FastifyInstance,
  providers: Record<'generation' | 'tools' | 'payments' | 'storage' | 'mail', string>,
) {
  const summary = Object.entries(providers)
    .map(([concern, provider]) => `${concern}: ${provider}`)
    .join('; ');
  app.log.info({ providers }, `providers: ${summary}`);
}
