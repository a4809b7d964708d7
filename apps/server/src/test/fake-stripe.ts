import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  status: string;
  client_secret: string;
  last_payment_error: { message: string; code?: string } | null;
  /** The id of the newest charge, once a confirmation made one; the Charge itself with `expand[]=latest_charge`. */
  latest_charge: string | null;
  livemode: false;
  created: number;
};

/** A charge as a PaymentIntent's expanded `latest_charge` carries it (the fields Lumigen reads, and a few more). */
export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  payment_intent: string;
  paid: boolean;
  status: 'succeeded' | 'failed';
  receipt_url: string | null;
  livemode: false;
  created: number;
};

/** A refund or dispute as the two list calls answer it (the fields Lumigen reads, and a few more). */
export type FakeReversal = {
  id: string;
  object: 'refund' | 'dispute';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: string;
  created: number;
};

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  query: Record<string, string>;
  form: Record<string, string>;
};

/** Stripe's form encoding (`metadata[userId]=…`) to a flat map of bracketed keys. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.match(new RegExp(`^${prefix}\\[(.+)\\]$`));
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

/**
 * A local HTTP server implementing the calls Lumigen makes — PaymentIntent create (with
 * Idempotency-Key replay) and retrieve (with `latest_charge` expanded on request), and the refund and dispute lists by payment intent — with
 * Stripe's status codes and error bodies, so the real `stripe` SDK runs against it unchanged.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const reversals: FakeReversal[] = [];
  const charges = new Map<string, FakeCharge>();
  const replies = new Map<string, FakeIntent>();
  const requests: RecordedRequest[] = [];
  let failures = 0;
  let retrieveDelayMs = 0;

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const form = parseForm(body);
      const query = parseForm((req.url ?? '').split('?')[1] ?? '');
      requests.push({ method: req.method ?? '', path, headers: req.headers, query, form });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
          ...headers,
        });
        res.end(JSON.stringify(payload));
      };
      if (failures > 0) {
        failures -= 1;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
      }
      if (req.headers.authorization !== 'Bearer sk_test_lumigen') {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }

      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? replies.get(key) : undefined;
        if (replay) return send(200, replay, { 'idempotent-replayed': 'true' });
        const id = `pi_fake_${randomBytes(8).toString('hex')}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency ?? '',
          description: form.description ?? null,
          receipt_email: form.receipt_email ?? null,
          metadata: nested(form, 'metadata'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          last_payment_error: null,
          latest_charge: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(id, intent);
        if (typeof key === 'string') replies.set(key, intent);
        return send(200, intent);
      }

      const retrieve = req.method === 'GET' ? path.match(/^\/v1\/payment_intents\/([^/]+)$/) : null;
      if (retrieve?.[1]) {
        const intent = intents.get(decodeURIComponent(retrieve[1]));
        // The SDK sends `expand[0]=latest_charge` in the query of a GET; Stripe then nests the Charge.
        const expandCharge = Object.entries(query).some(
          ([key, value]) => /^expand\[\d*\]$/.test(key) && value === 'latest_charge',
        );
        const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined;
        const answer = () =>
          intent
            ? send(200, expandCharge && charge ? { ...intent, latest_charge: charge } : intent)
            : send(404, {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  param: 'intent',
                  message: `No such payment_intent: '${retrieve[1]}'`,
                },
              });
        return retrieveDelayMs > 0 ? void setTimeout(answer, retrieveDelayMs) : answer();
      }
      // GET /v1/refunds?payment_intent=… and GET /v1/disputes?payment_intent=…: one page holds them all.
      const listed =
        req.method === 'GET' && (path === '/v1/refunds' || path === '/v1/disputes')
          ? path === '/v1/refunds'
            ? 'refund'
            : 'dispute'
          : undefined;
      if (listed) {
        const intent = query.payment_intent;
        const data = reversals.filter((r) => r.object === listed && (!intent || r.payment_intent === intent));
        return send(200, { object: 'list', data, has_more: false, url: path });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    intents,
    charges,
    /**
     * What a customer's confirmation (or decline) does on Stripe's side: a success or a decline
     * makes a charge, which becomes the intent's `latest_charge`; a paid one has a receipt page.
     */
    setStatus(
      id: string,
      status: 'succeeded' | 'canceled' | 'processing' | 'requires_payment_method',
      lastPaymentError: string | null = null,
    ) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake Stripe has no ${id}`);
      intent.status = status;
      intent.last_payment_error = lastPaymentError ? { message: lastPaymentError, code: 'card_declined' } : null;
      const paid = status === 'succeeded';
      if (paid || lastPaymentError) {
        // One charge per intent here, named as reverse() names it, so refunds point at it.
        const chargeId = `ch_fake_${id.slice('pi_fake_'.length)}`;
        charges.set(chargeId, {
          id: chargeId,
          object: 'charge',
          amount: intent.amount,
          currency: intent.currency,
          payment_intent: id,
          paid,
          status: paid ? 'succeeded' : 'failed',
          receipt_url: paid
            ? `https://pay.stripe.com/receipts/payment/fake_${randomBytes(12).toString('base64url')}`
            : null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        });
        intent.latest_charge = chargeId;
      }
    },
    /** An intent made outside Lumigen (another integration on the same Stripe account). */
    addForeignIntent(values: Partial<FakeIntent>): FakeIntent {
      const id = `pi_fake_${randomBytes(8).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: 2000,
        currency: 'usd',
        description: null,
        receipt_email: null,
        metadata: {},
        status: 'succeeded',
        client_secret: `${id}_secret_x`,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        created: 0,
        ...values,
      };
      intents.set(id, intent);
      return intent;
    },
    /**
     * Money back to the card, as the Dashboard's refund or a bank's chargeback makes it on Stripe's
     * side; `amount` defaults to the whole payment. Returns the refund or dispute, and the charge
     * object a `charge.refunded` / `charge.dispute.created` event carries.
     */
    reverse(
      intentId: string,
      kind: 'refund' | 'dispute',
      { amount, status }: { amount?: number; status?: string } = {},
    ) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe has no ${intentId}`);
      const reversal: FakeReversal = {
        id: `${kind === 'refund' ? 're' : 'dp'}_fake_${randomBytes(8).toString('hex')}`,
        object: kind,
        amount: amount ?? intent.amount,
        currency: intent.currency,
        payment_intent: intentId,
        charge: `ch_fake_${intentId.slice('pi_fake_'.length)}`,
        status: status ?? (kind === 'refund' ? 'succeeded' : 'needs_response'),
        created: Math.floor(Date.now() / 1000),
      };
      reversals.push(reversal);
      const refunded = reversals
        .filter((r) => r.payment_intent === intentId && r.object === 'refund')
        .reduce((sum, r) => sum + r.amount, 0);
      const charge = {
        id: reversal.charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: refunded,
        refunded: refunded >= intent.amount,
        payment_intent: intentId,
      };
      return { reversal, charge };
    },
    /** The next `count` requests answer 500 (Stripe down). */
    failNext(count: number) {
      failures = count;
    },
    slowRetrieves(ms: number) {
      retrieveDelayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export const stripeTestKeys = {
  STRIPE_SECRET_KEY: 'sk_test_lumigen',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_lumigen',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_lumigen',
} as const;

/** An app environment with Stripe as the provider, pointed at the fake server. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return { PAYMENT_PROVIDER: 'stripe', ...stripeTestKeys, STRIPE_API_BASE: fake.url };
}

/** A Stripe event for a payment intent, as Stripe would POST it, with its signature header. */
export function signedEvent(
  type: string,
  intent: { id: string } & Record<string, unknown>,
  secret: string = stripeTestKeys.STRIPE_WEBHOOK_SECRET,
): { payload: string; signature: string } {
  return signedEventOf(type, { object: 'payment_intent', ...intent }, secret);
}

/** A Stripe event about any object (a charge, a dispute), signed as Stripe signs. */
export function signedEventOf(
  type: string,
  object: Record<string, unknown>,
  secret: string = stripeTestKeys.STRIPE_WEBHOOK_SECRET,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
