import { messages } from '@lumigen/contract/messages';
import { formatCost } from '@lumigen/contract/pricing';
import { Link } from 'react-router';
import { AnchorNav } from '../../components/ui/anchor-nav.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useScrollToHash } from '../../components/ui/use-scroll-to-hash.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useImageCredits } from '../../lib/providers.ts';
import { ApiReference } from './components/api-reference.tsx';
import { CodeBlock } from './components/code-block.tsx';
import { clipdropEndpoints, examples, placeholderOrigin } from './examples.ts';
import './developers.css';

const sections = [
  { id: 'quick-start', label: 'Quick start' },
  { id: 'keys', label: 'API keys' },
  { id: 'openai', label: 'OpenAI-compatible' },
  { id: 'clipdrop', label: 'Clipdrop-compatible' },
  { id: 'jobs', label: 'Jobs and events' },
  { id: 'errors', label: 'Errors and refunds' },
  { id: 'reference', label: 'Reference' },
];

const statuses: Array<[string, string]> = [
  ['400', 'The request is wrong; the message names the field.'],
  ['401', 'No session or key, or a revoked or expired one.'],
  ['402', 'Not enough credit (the answer says your balance), or a key past its daily cap.'],
  ['403', 'The key lacks the scope this call needs.'],
  ['404', 'No such thing — also for another account’s images, jobs and batches.'],
  ['413 / 415', 'The upload is too large, or is not a PNG, JPEG or WebP image.'],
  ['422', 'A picture the tool cannot work with. Refunded.'],
  ['429', 'Too many requests: wait for Retry-After seconds. Nothing was charged.'],
  ['502 / 503', 'The image provider failed or we are briefly unavailable. Refunded.'],
];

const unusable = [
  messages.unusable.black,
  messages.unusable.transparent,
  messages.unusable.oneColour,
  messages.unusable.unchanged,
  messages.unusable.wrongSize(512, 512, 1024, 1024),
];

/** /developers: a guide with examples for each way in, then the reference drawn from /api/openapi.json. */
export function DevelopersPage() {
  useScrollToHash();
  // The prerendered page shows a placeholder host; the browser swaps in the one it is on.
  const hydrated = useHydrated();
  const code = examples(hydrated ? window.location.origin : placeholderOrigin);
  const cost = formatCost(useImageCredits());
  return (
    <>
      <PageHero
        eyebrow="Developers"
        title="The Lumigen API"
        documentTitle="Developers"
        lead={`Generate and edit images from your own code, on the same credits as the studio: ${cost} per image or edit, refunded whenever the work fails.`}
      >
        <div className="developers-hero__actions">
          <ButtonLink to="/profile#developers" size="lg">
            Create an API key
          </ButtonLink>
          <a className="button button--on-ink button--lg" href="/api/openapi.json">
            OpenAPI 3.1 document
          </a>
        </div>
      </PageHero>

      <div className="section container anchor-layout">
        <AnchorNav anchors={sections} label="On this page" />
        <div className="anchor-layout__body developers">
          <section id="quick-start" aria-labelledby="quick-start-title" className="developers__section">
            <h2 id="quick-start-title">Quick start</h2>
            <p>
              Every call is JSON or multipart over HTTPS. Sign in once to get a session token and send it in the{' '}
              <code>token</code> header (or as <code>Authorization: Bearer</code>); scripts that run unattended should
              use an <a href="#keys">API key</a> instead.
            </p>
            <CodeBlock label="Shell: set up" code={code.setup} />
            <CodeBlock label="curl: sign in and read the balance" code={code.login} />
            <CodeBlock label="curl: generate an image" code={code.generate} />
            <CodeBlock label="curl: remove a background" code={code.tool} />
          </section>

          <section id="keys" aria-labelledby="keys-title" className="developers__section">
            <h2 id="keys-title">API keys</h2>
            <p>
              Create keys on <Link to="/profile#developers">your profile → Developers</Link>: give each a name, the
              scopes it needs (<code>generate</code>, <code>tools</code>, <code>read</code>) and, if you like, a daily
              credit cap. A key starts with <code>lk_</code> and is shown once — we keep only its hash, so store it
              somewhere safe. The list shows each key’s prefix, when it was made and last used, and the credits it spent
              today.
            </p>
            <ul className="developers__list">
              <li>
                A key spends your account’s credits; its ledger rows name the key, so you can tell your scripts from
                your own work.
              </li>
              <li>Past its daily cap a key answers 402; a revoked key 401; a key without the call’s scope 403.</li>
              <li>
                Send it as <code>Authorization: Bearer lk_…</code> to <code>/v1</code>, and as{' '}
                <code>x-api-key: lk_…</code> to <code>/clipdrop</code>.
              </li>
            </ul>
          </section>

          <section id="openai" aria-labelledby="openai-title" className="developers__section">
            <h2 id="openai-title">OpenAI-compatible images</h2>
            <p>
              <code>POST /v1/images/generations</code> answers in the shape of OpenAI’s Images API, so code written for
              it works by changing the base URL. The five sizes are <code>256x256</code>, <code>512x512</code>,{' '}
              <code>1024x1024</code>, <code>1024x1792</code> and <code>1792x1024</code>; images come back as{' '}
              <code>b64_json</code>.
            </p>
            <CodeBlock label="curl" code={code.openaiCurl} />
            <CodeBlock label="Node.js (openai)" code={code.openaiNode} />
            <CodeBlock label="Python (openai)" code={code.openaiPython} />
          </section>

          <section id="clipdrop" aria-labelledby="clipdrop-title" className="developers__section">
            <h2 id="clipdrop-title">Clipdrop-compatible tools</h2>
            <p>
              The eight editing tools answer at Clipdrop’s own paths under <code>/clipdrop</code>: multipart in with
              Clipdrop’s field names, image bytes out, with <code>x-remaining-credits</code> and{' '}
              <code>x-credits-consumed</code> headers and Clipdrop’s error statuses (402 without credit, 403 for a bad
              key).
            </p>
            <ul className="developers__endpoints">
              {clipdropEndpoints.map(({ tool, path }) => (
                <li key={tool}>
                  <code>POST {path}</code> <span>{tool}</span>
                </li>
              ))}
            </ul>
            <CodeBlock label="Node.js (fetch)" code={code.clipdrop} />
          </section>

          <section id="jobs" aria-labelledby="jobs-title" className="developers__section">
            <h2 id="jobs-title">Jobs and events</h2>
            <p>
              <code>generate-image</code> and <code>tools/&#123;tool&#125;</code> wait for their picture. For long
              edits, submit a job instead: it answers 202 with a job id at once, and{' '}
              <code>GET /api/jobs/&#123;id&#125;/events</code> streams its progress as Server-Sent Events (resume with{' '}
              <code>Last-Event-ID</code>). <code>POST /api/jobs/&#123;id&#125;/cancel</code> stops it and refunds it.
            </p>
            <CodeBlock label="curl: a job, followed" code={code.job} />
          </section>

          <section id="errors" aria-labelledby="errors-title" className="developers__section">
            <h2 id="errors-title">Errors and refunds</h2>
            <p>
              Every failure answers <code>{'{ "success": false, "message": "…" }'}</code> with an honest status. A paid
              call reserves its credit first, then keeps it only when you get your picture.
            </p>
            <dl className="developers__statuses">
              {statuses.map(([status, meaning]) => (
                <div key={status}>
                  <dt>{status}</dt>
                  <dd>{meaning}</dd>
                </div>
              ))}
            </dl>
            <h3 className="developers__subtitle">Unusable pictures are never charged</h3>
            <p>
              After every provider answer we check the picture: all black (a safety filter’s favourite), fully
              transparent, one flat colour, your picture handed back unchanged by a tool that must change it, or not the
              size you asked for. Such an answer is a refunded failure that says what was wrong, for example:
            </p>
            <ul className="developers__list">
              {unusable.map((message) => (
                <li key={message}>“{message}”</li>
              ))}
            </ul>
          </section>

          <section id="reference" aria-labelledby="reference-title" className="developers__section">
            <h2 id="reference-title">Reference</h2>
            <p>
              Every endpoint this server answers, from its own <a href="/api/openapi.json">OpenAPI 3.1 document</a> —
              load it into any OpenAPI tool or SDK generator.
            </p>
            <ApiReference />
          </section>
        </div>
      </div>
    </>
  );
}
