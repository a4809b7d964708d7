import type { BatchView } from '@lumigen/contract/batches';
import { maxUploadBytes } from '@lumigen/contract/tools';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../../db/client.ts';
import { getBatch, submitBatch, waitForBatch } from '../../test/batch-calls.ts';
import { fakeEdit, fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { submitTool } from '../../test/job-calls.ts';
import { imagePart, jpegOf, pngOf, type Part } from '../../test/tool-calls.ts';
import { createCreditsService } from '../credits/index.ts';
import { ToolProviderError } from '../tools/index.ts';

const upscaleTo = (width: number, height: number): Part[] => [
  ['tool', 'upscale'],
  ['target_width', String(width)],
  ['target_height', String(height)],
];
const pendingReservations = async (t: TestContext, userId: string) =>
  (
    await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM credit_reservations WHERE user_id = ${userId} AND status = 'pending'`,
    )
  )[0]!.n;
const jobCount = async (t: TestContext, userId: string) =>
  (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM jobs WHERE user_id = ${userId}`))[0]!.n;

describe.each(databaseKinds)('batches on %s', (kind) => {
  let t: TestContext;
  // A picture 77 pixels wide makes the provider fail: one failed item among good ones.
  // While `held`, every edit waits (but a picture 41 pixels wide's: one finished among waiting
  // ones): jobs stay unfinished for as long as a test needs.
  let held = Promise.resolve();
  const tools = fakeToolProvider(async (input) => {
    if (input.image.width !== 41) await held;
    if (input.image.width === 77) throw new ToolProviderError('failed', 'scripted failure', { status: 400 });
    return fakeEdit(input.tool, input.image.path, input.fields);
  });

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      { JOBS_MAX_RUNNING_PER_USER: '2', JOBS_MAX_QUEUED_PER_USER: '1' },
      { toolProvider: tools.provider },
    );
  });
  afterAll(() => t.close());

  it('runs a batch of 5 with one non-image: 4 results, 4 credits, the refusal named, a ZIP of 4 PNGs', async () => {
    const { token, user } = await register(t.app);
    const pictures: Part[] = [
      imagePart(await pngOf(40, 30), 'one.png'),
      imagePart(await jpegOf(50, 40), 'two.jpg', 'image/jpeg'),
      imagePart(Buffer.from('%PDF-1.7 certainly not a picture'), 'notes.png'),
      imagePart(await pngOf(60, 45), 'four.png'),
      imagePart(await pngOf(70, 50), 'five.png'),
    ];
    const accepted = await submitBatch(t.app, token, [...upscaleTo(96, 64), ...pictures]);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({ success: true, batchId: expect.any(String) });
    const { batchId } = accepted.json();

    const batch = await waitForBatch(t.app, token, batchId);
    expect(batch).toMatchObject({ id: batchId, tool: 'upscale', recipeId: null });
    expect(batch.items.map((item) => [item.name, item.status])).toEqual([
      ['one.png', 'succeeded'],
      ['two.jpg', 'succeeded'],
      ['notes.png', 'refused'],
      ['four.png', 'succeeded'],
      ['five.png', 'succeeded'],
    ]);
    expect(batch.items[2]).toMatchObject({
      jobId: null,
      imageId: null,
      message: 'The picture is not a PNG, JPEG or WebP image.',
    });
    expect(
      batch.items
        .filter((item) => item.status === 'succeeded')
        .every((item) => item.imageId && item.jobId && item.progress === 100),
    ).toBe(true);
    // The sign-up, 5 reserved before decoding, and notes.png's credit given back.
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 1, ledgerSum: 1, ledgerRows: 7 });

    const zip = await t.app.inject({ method: 'GET', url: `/api/batches/${batchId}/zip`, headers: { token } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries)).toEqual(['1-one.png', '2-two.png', '4-four.png', '5-five.png']);
    for (const bytes of Object.values(entries))
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 96, height: 64 });
  });

  it('marks a picture over the upload limit refused at once, never charges it, and runs the others', async () => {
    const { token, user } = await register(t.app);
    let release = () => undefined as void;
    held = new Promise((resolve) => (release = resolve));
    try {
      // Zeros past the limit: busboy stops at 30 MB, and what it kept is no picture either way.
      const pictures: Part[] = [
        imagePart(await pngOf(40, 30), 'one.png'),
        imagePart(Buffer.alloc(maxUploadBytes + 1), 'huge.png'),
        imagePart(await pngOf(50, 30), 'three.png'),
      ];
      const accepted = await submitBatch(t.app, token, [['tool', 'remove-text'], ...pictures]);
      expect(accepted.statusCode).toBe(202);
      const { batchId } = accepted.json();
      // While the other two are still held, the big one is already marked with its reason.
      const early = await getBatch(t.app, token, batchId);
      expect(early.items.map((item) => [item.name, item.status])).toEqual([
        ['one.png', expect.stringMatching(/^(queued|running)$/)],
        ['huge.png', 'refused'],
        ['three.png', expect.stringMatching(/^(queued|running)$/)],
      ]);
      expect(early.items[1]).toMatchObject({
        jobId: null,
        imageId: null,
        message: 'The picture is larger than 30 MB. Choose a smaller file.',
      });
      expect(await jobCount(t, user.id)).toBe(2);
      release();
      const done = await waitForBatch(t.app, token, batchId);
      expect(done.items.map((item) => item.status)).toEqual(['succeeded', 'refused', 'succeeded']);
      // Sign-up and two charges: nothing was ever reserved for the big one.
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 3, ledgerSum: 3, ledgerRows: 3 });
      expect(await pendingReservations(t, user.id)).toBe(0);
    } finally {
      release();
      held = Promise.resolve();
    }
  });

  it('refunds a picture whose edit fails and keeps the others', async () => {
    const { token, user } = await register(t.app);
    const accepted = await submitBatch(t.app, token, [
      ['tool', 'remove-background'],
      imagePart(await pngOf(77, 40), 'bad.png'),
      imagePart(await pngOf(40, 40), 'good.png'),
    ]);
    expect(accepted.statusCode).toBe(202);
    const batch = await waitForBatch(t.app, token, accepted.json().batchId);
    expect(batch.items.map((item) => item.status)).toEqual(['failed', 'succeeded']);
    expect(batch.items[0]!.message).toBe(
      'The editing service could not edit this image. Please try again; your credit was refunded.',
    );
    // Sign-up, two reservations, one refund.
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 4 });
    expect(await pendingReservations(t, user.id)).toBe(0);
  });

  it('answers 402 and reserves nothing when the balance cannot pay for every accepted picture', async () => {
    const { token, user } = await register(t.app);
    for (let i = 0; i < 3; i += 1) await post(t.app, '/api/image/deduct-credit', token);
    const pictures = await Promise.all([1, 2, 3].map(async (n) => imagePart(await pngOf(30 + n, 30), `p${n}.png`)));
    // Two credits, four pictures: the third is not read, as none of them was judged yet.
    const response = await submitBatch(t.app, token, [
      ['tool', 'remove-background'],
      ...pictures,
      imagePart(Buffer.from('nope'), 'x.png'),
    ]);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      success: false,
      message:
        'Your balance of 2 credits pays for 2 pictures at 1 credit each. Nothing was charged: send at most 2, or buy credits.',
      creditBalance: 2,
    });
    expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 2, ledgerSum: 2 });
    expect(await jobCount(t, user.id)).toBe(0);
    expect(await pendingReservations(t, user.id)).toBe(0);
  });

  it('refuses bad requests with a 4xx and charges nothing', async () => {
    const { token, user } = await register(t.app);
    const png = await pngOf(40, 30);
    const cases: Array<[Part[], number, string]> = [
      [
        [imagePart(png)],
        400,
        'tool is required: one of remove-background, remove-text, product-photography, reimagine, replace-background, upscale, uncrop',
      ],
      [
        [['tool', 'cleanup'], imagePart(png)],
        400,
        'Cleanup needs a mask painted on each picture: run it one picture at a time',
      ],
      [[['tool', 'paint-it-black'], imagePart(png)], 400, 'Unknown tool: paint-it-black'],
      [
        [['tool', 'upscale'], ['target_width', '9000'], imagePart(png)],
        400,
        'Width (target_width) must be between 1 and 4096',
      ],
      [[['tool', 'upscale']], 400, 'image_file is required: choose a PNG, JPEG or WebP image'],
      [
        [['tool', 'remove-background'], imagePart(Buffer.from('nope'), 'a.txt'), imagePart(Buffer.alloc(0), 'b.png')],
        415,
        'None of the 2 pictures were usable; nothing was charged. The first: The picture is not a PNG, JPEG or WebP image.',
      ],
      // The balance (5) stops a batch at its 6th picture, long before the 51st.
      [
        [['tool', 'remove-background'], ...Array.from({ length: 51 }, () => imagePart(png))],
        402,
        'Your balance of 5 credits pays for 5 pictures at 1 credit each. Nothing was charged: send at most 5, or buy credits.',
      ],
    ];
    for (const [parts, status, message] of cases) {
      const response = await submitBatch(t.app, token, parts);
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    // Only the 415's two pictures were reserved (before decoding) and given back; the rest stopped earlier.
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 5 });
    expect(await jobCount(t, user.id)).toBe(0);

    // With credit for them all, the 51st picture is still one too many.
    const rich = await register(t.app);
    await createCreditsService(t.database.db).grant(rich.user.id, 60, 'adjustment', `batch-51-${rich.user.id}`);
    const tooMany = await submitBatch(t.app, rich.token, [
      ['tool', 'remove-background'],
      ...Array.from({ length: 51 }, () => imagePart(png)),
    ]);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([413, 'At most 50 pictures per batch']);
    expect(await jobCount(t, rich.user.id)).toBe(0);
  });

  it('admits a batch as one submission: then, beyond the jobs limit, 429 and nothing reserved', async () => {
    const { token, user } = await register(t.app);
    let release = () => undefined as void;
    held = new Promise((resolve) => (release = resolve));
    try {
      // The limit is 2 running + 1 waiting: a batch of 4 is admitted because one more job would be.
      const pictures = await Promise.all(
        [1, 2, 3, 4].map(async (n) => imagePart(await pngOf(20 + n, 20), `p${n}.png`)),
      );
      const first = await submitBatch(t.app, token, [['tool', 'remove-text'], ...pictures]);
      expect(first.statusCode).toBe(202);
      const second = await submitBatch(t.app, token, [['tool', 'remove-text'], imagePart(await pngOf(30, 30))]);
      expect([second.statusCode, second.json().message]).toEqual([
        429,
        'You already have 3 images in progress (2 at a time, 1 waiting). Please wait for one to finish; nothing was charged.',
      ]);
      expect((await submitTool(t.app, token, 'remove-text', [imagePart(await pngOf(30, 30))])).statusCode).toBe(429);
      // Two in the queue at a time, the others waiting their turn.
      const { items } = await getBatch(t.app, token, first.json().batchId);
      expect(items.filter((item) => item.status === 'queued').length).toBeGreaterThanOrEqual(2);
      release();
      const done = await waitForBatch(t.app, token, first.json().batchId);
      expect(done.items.map((item) => item.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
      expect(await ledgerState(t.database, user.id)).toMatchObject({ balance: 1, ledgerSum: 1 });
      expect(await pendingReservations(t, user.id)).toBe(0);
    } finally {
      release();
      held = Promise.resolve();
    }
  });

  it('cancels the unfinished pictures of a batch and refunds exactly those; the finished ones stay', async () => {
    const { token, user } = await register(t.app);
    let release = () => undefined as void;
    held = new Promise((resolve) => (release = resolve));
    try {
      // One finishes at once (41 wide), one is refused, two wait: one running, one behind it.
      const pictures: Part[] = [
        imagePart(await pngOf(41, 30), 'quick.png'),
        imagePart(Buffer.from('not a picture'), 'notes.png'),
        imagePart(await pngOf(50, 30), 'slow.png'),
        imagePart(await pngOf(51, 30), 'slower.png'),
      ];
      const accepted = await submitBatch(t.app, token, [['tool', 'remove-text'], ...pictures]);
      expect(accepted.statusCode).toBe(202);
      const { batchId } = accepted.json();
      await vi.waitFor(async () => expect((await getBatch(t.app, token, batchId)).items[0]!.status).toBe('succeeded'), {
        timeout: 10_000,
      });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 2, ledgerSum: 2, ledgerRows: 6 });

      const canceled = await t.app.inject({
        method: 'POST',
        url: `/api/batches/${batchId}/cancel`,
        headers: { token },
      });
      expect(canceled.statusCode).toBe(200);
      const { batch } = canceled.json() as { batch: BatchView };
      expect(batch.items.map((item) => [item.name, item.status])).toEqual([
        ['quick.png', 'succeeded'],
        ['notes.png', 'refused'],
        ['slow.png', 'canceled'],
        ['slower.png', 'canceled'],
      ]);
      expect(batch.items[2]!.message).toBe('Canceled; your credit was refunded.');
      // The finished picture's credit stays spent; the two canceled ones are back.
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 8 });
      expect(await pendingReservations(t, user.id)).toBe(0);

      // Nothing left: a 409 that says so, and no money moves.
      const again = await t.app.inject({ method: 'POST', url: `/api/batches/${batchId}/cancel`, headers: { token } });
      expect([again.statusCode, again.json()]).toEqual([
        409,
        { success: false, message: 'Nothing left to cancel: every picture of this batch is finished.' },
      ]);
      release();
      expect((await waitForBatch(t.app, token, batchId)).items.map((item) => item.status)).toEqual([
        'succeeded',
        'refused',
        'canceled',
        'canceled',
      ]);
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 8 });
    } finally {
      release();
      held = Promise.resolve();
    }
  });

  it('cancels a recipe run midway: the waiting step and every step after it are refunded', async () => {
    const { token, user } = await register(t.app);
    let release = () => undefined as void;
    held = new Promise((resolve) => (release = resolve));
    try {
      const recipe = await t.app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: { token },
        payload: {
          name: 'Three steps',
          steps: [{ tool: 'remove-text' }, { tool: 'reimagine' }, { tool: 'remove-background' }],
        },
      });
      const run = await submitBatch(
        t.app,
        token,
        [imagePart(await pngOf(60, 40), 'vase.png')],
        `/api/recipes/${recipe.json().recipe.id}/run`,
      );
      expect(run.statusCode).toBe(202);
      const canceled = await t.app.inject({
        method: 'POST',
        url: `/api/batches/${run.json().batchId}/cancel`,
        headers: { token },
      });
      expect(canceled.statusCode).toBe(200);
      expect(canceled.json().batch.items[0]).toMatchObject({ status: 'canceled', step: 1, steps: 3 });
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 7 });
      expect(await pendingReservations(t, user.id)).toBe(0);
    } finally {
      release();
      held = Promise.resolve();
    }
  });

  it('shows a batch and its ZIP to its owner only', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    const accepted = await submitBatch(t.app, owner.token, [['tool', 'reimagine'], imagePart(await pngOf(40, 40))]);
    const { batchId } = accepted.json();
    await waitForBatch(t.app, owner.token, batchId);
    for (const url of [
      `/api/batches/${batchId}`,
      `/api/batches/${batchId}/zip`,
      '/api/batches/not-a-uuid',
      '/api/batches/00000000-0000-4000-8000-000000000000/zip',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { token: other.token } });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/batches/${batchId}` })).statusCode).toBe(401);
  });

  it('lets only the owner cancel a batch: 404 for anyone else, and nothing changes', async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    let release = () => undefined as void;
    held = new Promise((resolve) => (release = resolve));
    try {
      const accepted = await submitBatch(t.app, owner.token, [['tool', 'reimagine'], imagePart(await pngOf(40, 40))]);
      const { batchId } = accepted.json();
      for (const url of [
        `/api/batches/${batchId}/cancel`,
        '/api/batches/not-a-uuid/cancel',
        '/api/batches/00000000-0000-4000-8000-000000000000/cancel',
      ]) {
        const response = await t.app.inject({ method: 'POST', url, headers: { token: other.token } });
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          404,
          { success: false, message: 'Not found' },
        ]);
      }
      expect((await t.app.inject({ method: 'POST', url: `/api/batches/${batchId}/cancel` })).statusCode).toBe(401);
      expect((await getBatch(t.app, owner.token, batchId)).items[0]!.status).toMatch(/^(queued|running)$/);
      expect(await ledgerState(t.database, owner.user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    } finally {
      release();
      held = Promise.resolve();
    }
  });
});
