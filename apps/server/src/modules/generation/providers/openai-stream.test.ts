import { sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.ts';
import { parseEvents, submitGeneration, waitForJob } from '../../../test/job-calls.ts';
import { databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../../test/harness.ts';

/*
 * OpenAI's streamed generations (docs/decisions/058) through our fake, which streams as OpenAI
 * documents it: `image_generation.partial_image` events, then `image_generation.completed`.
 */

const openAiEnv = (baseUrl: string): Record<string, string> => ({
  OPENAI_API_KEY: 'sk-test-0123456789',
  OPENAI_BASE_URL: baseUrl,
  TOOLS_PROVIDER: 'local',
  OPENAI_TIMEOUT_SECONDS: '10',
  OPENAI_MAX_RETRIES: '0',
  ALLOW_TEST_PAYMENTS: 'true',
});
const request = { prompt: 'A lighthouse at dusk', model: 'dall-e-3', size: '1024x1024', quality: 'standard' };

describe.each(databaseKinds)('a generation streamed by OpenAI, on %s', (kind) => {
  let fake: FakeOpenAi;
  let t: TestContext;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await startTestApp(kind, openAiEnv(fake.baseUrl));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.answer();
    fake.streamWith({});
  });

  async function run() {
    const { token, user } = await register(t.app);
    const accepted = await submitGeneration(t.app, token, request);
    expect(accepted.statusCode).toBe(202);
    const jobId = accepted.json().jobId as string;
    const job = await waitForJob(t.app, token, jobId);
    const events = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/events`, headers: { token } });
    const [kept] = await rows<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM job_previews WHERE job_id = ${jobId}`,
    );
    return { job, jobId, user, types: parseEvents(events.body).map((event) => event.event), kept: kept?.count };
  }

  it('asks for two partial pictures and turns each into a `preview` event before `succeeded`', async () => {
    const { job, types, kept, user } = await run();
    expect(fake.requests.at(-1)?.body).toMatchObject({ stream: true, partial_images: 2 });
    expect(job.status).toBe('succeeded');
    expect(types.filter((type) => type === 'preview')).toHaveLength(2);
    expect(types.lastIndexOf('preview')).toBeLessThan(types.indexOf('succeeded'));
    expect(kept).toBe(0);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('takes the final picture when it comes before all the partial ones', async () => {
    fake.streamWith({ partialsSent: 1 });
    const { job, types } = await run();
    expect(job.status).toBe('succeeded');
    expect(types.filter((type) => type === 'preview')).toHaveLength(1);
  });

  it('fails and refunds a stream that ends without its final picture, its previews gone', async () => {
    fake.streamWith({ endsEarly: true });
    const { job, types, kept, user } = await run();
    expect(job.status).toBe('failed');
    expect(types.filter((type) => type === 'preview')).toHaveLength(2);
    expect(types.at(-1)).toBe('failed');
    expect(kept).toBe(0);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
  });

  it('is what the fake sends on the wire: named events, base64 PNG, and partial_images refused above 3', async () => {
    const ask = (partialImages: number) =>
      fetch(`${fake.baseUrl}/images/generations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
        body: JSON.stringify({
          model: 'gpt-image-2.6-flare',
          prompt: 'A lighthouse at dusk',
          size: '1024x1024',
          stream: true,
          partial_images: partialImages,
        }),
      });
    const streamed = await ask(2);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await streamed.text())
      .split('\n\n')
      .filter(Boolean)
      .map((block) => {
        const [event, data] = block.split('\n');
        return { event: event!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) };
      });
    expect(events.map(({ event, data }) => [event, data.type, data.partial_image_index])).toEqual([
      ['image_generation.partial_image', 'image_generation.partial_image', 0],
      ['image_generation.partial_image', 'image_generation.partial_image', 1],
      ['image_generation.completed', 'image_generation.completed', undefined],
    ]);
    for (const { data } of events)
      expect(
        Buffer.from(data.b64_json as string, 'base64')
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    expect(events.at(-1)?.data.usage).toMatchObject({ output_tokens: expect.any(Number) });

    const refused = await ask(4);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ param: 'partial_images' });
  });
});
