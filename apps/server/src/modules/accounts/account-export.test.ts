import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { createIntent } from '../../test/payment-calls.ts';

const visa = '4242 4242 4242 4242';

describe.each(databaseKinds)('GET /api/user/export on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const exportOf = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/export', headers: token ? { token } : {} });
  const generate = async (token: string) => {
    const response = await post(t.app, '/api/image/generate-image', token, {
      prompt: 'A lighthouse at dusk',
      model: 'dall-e-2',
      size: '256x256',
      quality: 'standard',
    });
    expect(response.statusCode).toBe(200);
    return response.json().imageId as string;
  };

  it("gives the user a ZIP of their account, ledger, payments and every image, and nobody else's", async () => {
    const { user, token } = await register(t.app, { name: 'Ex, "Porter"' });
    const other = await register(t.app);
    const otherImage = await generate(other.token);
    const images = [await generate(token), await generate(token)];
    const intent = await createIntent(t.app, token, 'Popular');
    await post(t.app, '/api/payments/local/confirm', token, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: visa,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });

    const response = await exportOf(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="lumigen-export.zip"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['account.json', 'ledger.csv', 'payments.csv', ...images.map((id) => `images/${id}.png`)].sort(),
    );
    expect(Object.keys(files)).not.toContain(`images/${otherImage}.png`);

    const account = JSON.parse(strFromU8(files['account.json']!));
    expect(account).toMatchObject({
      id: user.id,
      name: 'Ex, "Porter"',
      email: user.email,
      emailVerified: false,
      creditBalance: 38,
    });
    expect(Date.parse(account.createdAt)).not.toBeNaN();
    expect(account.images).toHaveLength(2);
    expect(account.images[0]).toMatchObject({
      kind: 'generation',
      prompt: 'A lighthouse at dusk',
      file: expect.stringMatching(/^images\/.+\.png$/),
    });

    const ledger = strFromU8(files['ledger.csv']!).trimEnd().split('\r\n');
    expect(ledger[0]).toBe('date,description,change,balance_after,image_id');
    // Oldest first: the bonus, two generations, the purchase.
    expect(ledger.slice(1).map((line) => line.split(',').slice(1, 4).join(','))).toEqual([
      'Sign-up bonus,5,5',
      'Image generation,-1,4',
      'Image generation,-1,3',
      'Bought Popular · 35 credits,35,38',
    ]);
    expect(ledger[2]).toContain(images[0]);

    const payments = strFromU8(files['payments.csv']!).trimEnd().split('\r\n');
    expect(payments[0]).toBe('date,bundle,credits,amount,currency,status,payment_id');
    expect(payments[1]).toMatch(new RegExp(`^[^,]+,Popular,35,20\\.00,usd,succeeded,${intent.paymentIntentId}$`));

    const meta = await sharp(Buffer.from(files[`images/${images[0]}.png`]!)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
  });

  it('is for a signed-in user only, and works with no images or payments', async () => {
    expect((await exportOf()).statusCode).toBe(401);
    const { token } = await register(t.app);
    const files = unzipSync(new Uint8Array((await exportOf(token)).rawPayload));
    expect(Object.keys(files).sort()).toEqual(['account.json', 'ledger.csv', 'payments.csv']);
    expect(strFromU8(files['payments.csv']!)).toBe('date,bundle,credits,amount,currency,status,payment_id\r\n');
  });
});
