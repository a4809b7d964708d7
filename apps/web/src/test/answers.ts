import { messages } from '@lumigen/contract/messages';
import type { JobKind, JobView } from '@lumigen/contract/jobs';
import { localEngines } from '@lumigen/contract/pricing';
import { toolIds } from '@lumigen/contract/tools';
import type { Handler } from './handler.ts';

/** Answers the web tests share: the signed-in user Ada and the jobs she has. */

export const ada = { name: 'Ada', email: 'ada@lumigen.example' };

/** get-credit for Ada, a customer whose address is not yet confirmed, with any field changed. */
export const creditAnswer = (
  overrides: {
    creditBalance?: number;
    emailVerified?: boolean;
    email?: string;
    name?: string;
    role?: 'customer' | 'admin';
  } = {},
): [number, unknown] => [
  200,
  {
    success: true,
    message: messages.creditLoaded,
    creditBalance: 5,
    ...ada,
    emailVerified: false,
    role: 'customer',
    ...overrides,
  },
];

export const noJobs = { success: true, jobs: [], nextCursor: null };

export function jobView(overrides: Partial<JobView> = {}): JobView {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'generation',
    status: 'queued',
    progress: 0,
    position: null,
    imageId: null,
    message: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** The providers answer of a server on its own engines, its previews at `previewCredits`. */
export function localProviders(previewCredits: number) {
  const price = (kind: JobKind) => ({
    credits: localEngines[kind] === 'preview' ? previewCredits : 1,
    preview: localEngines[kind] === 'preview',
  });
  return {
    success: true,
    generation: 'local',
    localPreview: true,
    tools: 'local',
    prices: {
      generation: price('generation'),
      generationHd: price('generation'),
      imageCredits: 1,
      tools: Object.fromEntries(toolIds.map((tool) => [tool, price(tool)])),
    },
    // No outside provider: nothing here can edit with words (docs/decisions/057).
    edit: { available: false, providers: [], price: { credits: 1, preview: false } },
  };
}

/** What the fake server answers unless a test says otherwise. */
export const defaultAnswers: Record<string, Handler> = {
  'POST /api/image/get-credit': creditAnswer({ emailVerified: true }),
  'GET /api/image/providers': [200, localProviders(1)],
  'GET /api/jobs': [200, noJobs],
  'GET /api/images/:id': () => new Response(new Blob(['png']), { status: 200 }),
  // A running job's partial picture: its number's worth of bytes, so each preview is told apart.
  'GET /api/jobs/:id/previews/:n': ({ path }) =>
    new Response('w'.repeat(Number(path.split('/').at(-1))), {
      status: 200,
      headers: { 'content-type': 'image/webp' },
    }),
};
