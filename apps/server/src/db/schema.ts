import { sql } from 'drizzle-orm';
import { paymentStatuses } from '@lumigen/contract/payments';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document; only the database writes it (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Raw bytes (a job's small preview pictures). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // Written only by the credits module, always together with a credit_ledger row.
    creditBalance: integer('credit_balance').notNull().default(0),
    // Credits a refund or dispute could not take back (already spent); written only by the credits
    // module. While above zero, paid work is refused and the next purchase pays it first.
    creditsOwed: integer('credits_owed').notNull().default(0),
    // Unusable-output refunds of the current UTC day; past UNUSABLE_REFUNDS_PER_DAY, paid work
    // waits until `paid_work_paused_until` (the next 00:00 UTC).
    unusableRefundsDay: date('unusable_refunds_day'),
    unusableRefunds: integer('unusable_refunds').notNull().default(0),
    paidWorkPausedUntil: timestamp('paid_work_paused_until', { withTimezone: true }),
    // Set when the user opens the link mailed to `email`; null until then.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the owner deleted the account: the row stays for the ledger and payments, with
    // name and e-mail replaced (accounts.repository.ts anonymizeUser).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // 'admin' opens the operator's console (docs/decisions/054): ADMIN_EMAILS at start-up or `npm run admin`.
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    // Set by an operator: its sessions and API keys open nothing and it cannot sign in until cleared.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_known', sql`${t.role} IN ('customer', 'admin')`),
    check('users_credit_balance_nonnegative', sql`${t.creditBalance} >= 0`),
    check('users_credits_owed_nonnegative', sql`${t.creditsOwed} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the token, hex: a leaked table cannot be replayed as tokens.
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // What the sessions list shows the user: the browser that signed in, and (to the minute) when
    // the session was last used.
    userAgent: text('user_agent'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    // When an operator last typed their password again in this session: changes need it recent.
    passwordConfirmedAt: timestamp('password_confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Single-use tokens mailed in links (password reset, e-mail verification, change of address).
 * Only the SHA-256 of the token is kept, as for sessions; `email` is the address the link was
 * sent to (for a change, the new address it confirms).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification', 'email_change'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash),
    index('account_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * One row per person who received the sign-up bonus: the SHA-256 of their normalized address
 * (email-identity.ts), never the address. No foreign key: it outlives account deletion, so
 * deleting and re-registering does not earn a second bonus.
 */
export const signupBonusClaims = pgTable('signup_bonus_claims', {
  addressHash: text('address_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers that signed in to an account before: a long-lived cookie (`lumigen_device`, holding
 * no session) whose SHA-256 is kept per account. Such a browser still gets its own share of login
 * attempts once strangers have used up the address's, so no one can lock the owner out.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('login_devices_user_id_idx').on(t.userId)],
);

/**
 * Developer API keys (docs/decisions/027). Only the SHA-256 of the key is kept, as for
 * sessions: the key is 32 random bytes, so a fast hash is enough and a leaked table cannot be
 * replayed. `prefix` (the key's first characters) tells keys apart in lists. A revoked key stays,
 * so the ledger rows that name it keep their meaning.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    // Credits the key may spend per UTC day (reserved, less refunds); null: only the balance limits it.
    dailyCreditCap: integer('daily_credit_cap'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_user_id_idx').on(t.userId),
    check('api_keys_daily_credit_cap_positive', sql`${t.dailyCreditCap} IS NULL OR ${t.dailyCreditCap} > 0`),
  ],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    // What the change answers to (a payment id, a reservation id…); with `reason`, unique:
    // a repeated external event is recognised as already processed.
    ref: text('ref').notNull(),
    // The API key the change was made with (a reservation, its refund or its spend); null otherwise.
    apiKeyId: uuid('api_key_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_reason_ref_key').on(t.reason, t.ref),
    index('credit_ledger_user_id_idx').on(t.userId),
    // A key's spending today (its daily cap, the profile's "spent today").
    index('credit_ledger_api_key_id_created_at_idx')
      .on(t.apiKeyId, t.createdAt)
      .where(sql`${t.apiKeyId} IS NOT NULL`),
    check('credit_ledger_balance_after_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cost: integer('cost').notNull(),
    purpose: text('purpose').notNull(),
    // The API key the action was asked with; its refund's ledger row names it too.
    apiKeyId: uuid('api_key_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'committed', 'refunded'] })
      .notNull()
      .default('pending'),
    // The image the committed action made, for the ledger's link (emptied when the image is deleted).
    imageId: uuid('image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_reservations_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('credit_reservations_cost_positive', sql`${t.cost} > 0`),
  ],
);

/** Fixed-window counters shared by every instance (login and register limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Messages from the contact form; answered by people, from the support inbox. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  comments: text('comments').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per address, however often it subscribes. */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
/**
 * Every payment intent a user started, whichever provider holds it. Written when the intent is
 * created and whenever the provider's state is re-read; `credited_at` is set in the transaction
 * that grants the credits, so a purchase is credited once even before the ledger's own guard.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bundle: text('bundle').notNull(),
    // Copied from the catalogue when the intent is made: what the user agreed to pay and receive.
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    failureMessage: text('failure_message'),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    // The key sent to the provider; not unique here, since the provider forgets keys after a day.
    idempotencyKey: text('idempotency_key').notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    // Refunds and disputes: the credits they claimed back, and of those the ones already spent
    // (the balance never goes below zero; the shortfall is recorded here and logged).
    reversedCredits: integer('reversed_credits').notNull().default(0),
    shortfallCredits: integer('shortfall_credits').notNull().default(0),
    // The provider's receipt page for the card payment, read when it is fulfilled (none in test mode).
    receiptUrl: text('receipt_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_id_key').on(t.providerPaymentId),
    index('payments_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_credits_positive', sql`${t.credits} > 0`),
    check(
      'payments_reversal_bounded',
      sql`${t.shortfallCredits} >= 0 AND ${t.shortfallCredits} <= ${t.reversedCredits} AND ${t.reversedCredits} <= ${t.credits}`,
    ),
  ],
);

/**
 * The local test-mode provider's own store of payment intents: what Stripe keeps on its side.
 * Only `providers/local.ts` reads or writes it.
 */
export const localPaymentIntents = pgTable(
  'local_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    lastPaymentError: text('last_payment_error'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_payment_intents_idempotency_key_key').on(t.idempotencyKey)],
);
/**
 * Every image a user made (generated or edited). The bytes live in the image store under
 * `storage_key`, never here: rows stay small and the store can move to object storage.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'generation' today; the editing tools add their own names.
    kind: text('kind').notNull(),
    prompt: text('prompt'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    provider: text('provider').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The prompt's words and the kind (a tool's name), for the gallery's search (decision 053).
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, coalesce("images"."prompt", '') || ' ' || "images"."kind")`,
      ),
  },
  (t) => [
    uniqueIndex('images_storage_key_key').on(t.storageKey),
    // A user's history, newest first.
    index('images_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('images_search_idx').using('gin', t.search),
    check('images_dimensions_positive', sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.byteSize} > 0`),
  ],
);

/**
 * Paid work (decision 022): one row per generation or edit, from acceptance to its end. The queue
 * itself (who takes what, retries, expiry) is pg-boss's, in its own `pgboss` schema; this row is
 * what the user sees and what the money hangs on. `reservation_id` holds the credit reserved at
 * acceptance until the job commits or refunds it (docs/decisions/022).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'generation' or the editing tool.
    kind: text('kind').notNull(),
    // generation: the validated request; a tool: its parsed fields and its inputs' checked sizes.
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    // Where the job's uploads wait in the job input store (role → key); deleted when the job ends.
    inputKeys: jsonb('input_keys').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'canceled'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    // Set when the job is handed to the queue: at most JOBS_MAX_RUNNING_PER_USER of a user's
    // unfinished jobs are, the rest wait here in order (fairness between users).
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    imageId: uuid('image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    // The failure as the API answers it: an AppError code, the user's message, a Retry-After.
    errorCode: text('error_code'),
    message: text('message'),
    retryAfterSeconds: integer('retry_after_seconds'),
    attempts: integer('attempts').notNull().default(0),
    // The last job_events seq: bumped by the statement that changes the row, so two writers of
    // one job's events (a worker and a cancel) never pick the same number.
    eventSeq: integer('event_seq').notNull().default(0),
    // Null for free work (a local preview at 0 credits, docs/decisions/051): nothing was reserved.
    reservationId: uuid('reservation_id'),
    // A recipe's step after the first: waits (queued, never dispatched) until this job succeeds,
    // then takes its image as input; when it ends without one, this job is failed and refunded.
    followsJobId: uuid('follows_job_id').references((): AnyPgColumn => jobs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The latest attempt's start: the reservation sweep leaves a running attempt younger than
    // RESERVATION_TIMEOUT_MINUTES alone.
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('jobs_unfinished_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} IN ('queued', 'running')`),
    uniqueIndex('jobs_reservation_id_key').on(t.reservationId),
    index('jobs_follows_job_id_idx').on(t.followsJobId),
    check('jobs_progress_range', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

/**
 * What happened to a job, in order: the Server-Sent Events stream replays these, and a client
 * reconnecting with `Last-Event-ID` (the `seq`) gets only what it missed.
 */
export const jobEvents = pgTable(
  'job_events',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/**
 * A running job's partial pictures (docs/decisions/058): small WebPs its owner watches while the
 * picture is made. Kept only until the job ends: a trigger deletes them as its status turns final.
 */
export const jobPreviews = pgTable(
  'job_previews',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    webp: bytea('webp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.n] })],
);

/** A user's saved chain of tools (decision 028): `steps` is the contract's `RecipeStep[]`, settings parsed. */
export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<Array<{ tool: string; settings: Record<string, number | string> }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recipes_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/** A prompt kept with its settings, to fill the generator's form again (decision 053). */
export const savedPrompts = pgTable(
  'saved_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    size: text('size').notNull(),
    quality: text('quality').notNull(),
    style: text('style').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_prompts_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/** One tool (or one recipe) run on many pictures at once (decision 028). */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The tool every picture goes through, or null with the recipe that was run.
    tool: text('tool'),
    recipeId: uuid('recipe_id').references(() => recipes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('batches_user_id_idx').on(t.userId)],
);

/**
 * One picture of a batch, in the order it was sent: refused (with `message`, no jobs) or its
 * jobs in step order (one for a tool, one per step for a recipe).
 */
export const batchItems = pgTable(
  'batch_items',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    message: text('message'),
    jobIds: jsonb('job_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.position] })],
);

/**
 * Every call an editing tool's provider chain made for a job (decision 050): which provider and
 * endpoint, its HTTP status (null: none came), how long, its outcome, the usage the provider
 * reported and the estimated cost in US dollars (null: no list price known). Kept for the admin
 * console; gone with the job.
 */
export const jobProviderAttempts = pgTable(
  'job_provider_attempts',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    // The order of the calls within the job, across its attempts.
    seq: integer('seq').notNull(),
    provider: text('provider').notNull(),
    endpoint: text('endpoint').notNull(),
    status: integer('status'),
    ms: integer('ms').notNull(),
    outcome: text('outcome').notNull(),
    usage: jsonb('usage').$type<Record<string, number>>().notNull().default({}),
    costUsd: doublePrecision('cost_usd'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/**
 * What operators changed, one row per change, written in the change's transaction
 * (docs/decisions/054). Append-only: a trigger refuses UPDATE and DELETE, and no code issues them.
 * No foreign keys: the log outlives whatever it names.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: uuid('admin_id').notNull(),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    reason: text('reason').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_actions_target_user_id_idx').on(t.targetUserId),
    check('admin_actions_reason_present', sql`length(btrim(${t.reason})) > 0`),
  ],
);

/**
 * The credit price of each paid action (docs/decisions/056), seeded at start-up from the contract's
 * defaults and changed by an operator in the console (each change audited). A job's price is the
 * one its reservation holds, so a change here never reaches work already accepted.
 */
export const actionPrices = pgTable(
  'action_prices',
  {
    action: text('action').primaryKey(),
    credits: integer('credits').notNull(),
    // Null until an operator first changes the seeded price.
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('action_prices_credits_range', sql`${t.credits} BETWEEN 0 AND 100`)],
);
