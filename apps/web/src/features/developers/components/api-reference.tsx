import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getOpenApi, type OpenApiDocument, type Operation, type Schema } from '../api/get-openapi.ts';

/** OpenAPI descriptions are CommonMark; the reference renders their `code` spans and leaves the rest as text. */
function Prose({ text }: { text: string }) {
  return <>{text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>;
}

const methodOrder = ['get', 'post', 'put', 'patch', 'delete'];

/** Who may call an operation, in words, from its security schemes. */
const schemeWords: Record<string, string> = {
  sessionToken: 'session token (token header)',
  sessionBearer: 'session token (Authorization: Bearer)',
  apiKey: 'API key (Authorization: Bearer lk_…)',
  clipdropKey: 'API key (x-api-key: lk_…)',
  metricsToken: 'the operator’s METRICS_TOKEN',
  stripeSignature: 'Stripe’s signature',
};

function authOf(operation: Operation): string {
  if (!operation.security || operation.security.length === 0) return 'None';
  return operation.security
    .map((requirement) =>
      Object.keys(requirement)
        .map((name) => schemeWords[name] ?? name)
        .join(' and '),
    )
    .join(', or ');
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any';
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeOf))].join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.contentMediaType && schema.type === 'string') return 'file';
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.format ? `${schema.type ?? 'any'} (${schema.format})` : (schema.type ?? 'any');
}

function limitsOf(schema: Schema): string[] {
  const limits: string[] = [];
  const range = (low: number | undefined, high: number | undefined, unit = '') => {
    if (low !== undefined && high !== undefined) limits.push(`${low}–${high}${unit}`);
    else if (low !== undefined && low > -Number.MAX_SAFE_INTEGER) limits.push(`at least ${low}${unit}`);
    else if (high !== undefined && high < Number.MAX_SAFE_INTEGER) limits.push(`at most ${high}${unit}`);
  };
  if (schema.minimum !== undefined && schema.minimum > -Number.MAX_SAFE_INTEGER) range(schema.minimum, schema.maximum);
  else range(undefined, schema.maximum);
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`);
  return limits;
}

/** An object's fields as a definition list (it reflows on a phone, unlike a table). */
function Fields({ schema }: { schema: Schema | undefined }) {
  const object = schema?.anyOf?.find((branch) => branch.properties) ?? schema;
  const entries = Object.entries(object?.properties ?? {});
  if (entries.length === 0) return <p className="reference__none">No fields.</p>;
  const required = new Set(object?.required ?? []);
  return (
    <dl className="reference__fields">
      {entries.map(([name, field]) => (
        <div key={name} className="reference__field">
          <dt>
            <code>{name}</code> <span className="reference__type">{typeOf(field)}</span>
            {required.has(name) && <span className="reference__required">required</span>}
          </dt>
          <dd>
            <Prose text={[field.description, ...limitsOf(field)].filter(Boolean).join(' · ') || '—'} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Endpoint({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
  return (
    <details className="endpoint" id={operation.operationId}>
      <summary className="endpoint__summary">
        <span className={`endpoint__method endpoint__method--${method}`}>{method.toUpperCase()}</span>
        <code className="endpoint__path">{path}</code>
        <span className="endpoint__title">{operation.summary}</span>
      </summary>
      <div className="endpoint__body">
        {operation.description && (
          <p>
            <Prose text={operation.description} />
          </p>
        )}
        <p>
          <strong>Authentication:</strong> {authOf(operation)}
        </p>
        {parameters.length > 0 && (
          <>
            <h4 className="endpoint__heading">Parameters</h4>
            <dl className="reference__fields">
              {parameters.map((parameter) => (
                <div key={`${parameter.in}:${parameter.name}`} className="reference__field">
                  <dt>
                    <code>{parameter.name}</code> <span className="reference__type">{typeOf(parameter.schema)}</span>{' '}
                    <span className="reference__where">in {parameter.in}</span>
                    {parameter.required && <span className="reference__required">required</span>}
                  </dt>
                  <dd>
                    {[
                      parameter.description ?? parameter.schema?.description,
                      ...(parameter.schema ? limitsOf(parameter.schema) : []),
                    ]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </dd>
                </div>
              ))}
            </dl>
          </>
        )}
        {body && (
          <>
            <h4 className="endpoint__heading">
              Request body <code className="endpoint__media">{body[0]}</code>
            </h4>
            <Fields schema={body[1].schema} />
          </>
        )}
        <h4 className="endpoint__heading">Responses</h4>
        <ul className="endpoint__responses">
          {Object.entries(operation.responses).map(([status, response]) => {
            const [media, content] = Object.entries(response.content ?? {})[0] ?? [];
            const fields = media === 'application/json' ? Object.keys(content?.schema?.properties ?? {}) : [];
            return (
              <li key={status}>
                <span className={`endpoint__status endpoint__status--${status === 'default' ? 'error' : status[0]}xx`}>
                  {status === 'default' ? '4xx/5xx' : status}
                </span>{' '}
                {response.description}
                {media && media !== 'application/json' && <code className="endpoint__media">{media}</code>}
                {fields.length > 0 && (
                  <span className="endpoint__keys">
                    {' '}
                    {fields.map((field) => (
                      <code key={field}>{field}</code>
                    ))}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </details>
  );
}

type State =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; document: OpenApiDocument };

/**
 * The API reference, drawn from this server's /api/openapi.json after the page has loaded: every
 * route it serves, by group, each with its fields and answers. Nothing comes from another site.
 */
export function ApiReference() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    setState({ status: 'loading' });
    getOpenApi(signal)
      .then((document) => setState({ status: 'ready', document }))
      .catch((error: unknown) => {
        if (signal?.aborted) return;
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : 'The reference could not be loaded.',
        });
      });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (state.status === 'loading') {
    return (
      <p className="reference__status" role="status">
        <Spinner /> Loading the reference…
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="reference__status reference__status--error" role="alert">
        <p>The reference could not be loaded: {state.message}</p>
        <Button variant="secondary" onClick={() => load()}>
          Try again
        </Button>
      </div>
    );
  }

  const { document } = state;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => methodOrder.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
  const groups = (document.tags ?? [])
    .map((tag) => ({ ...tag, operations: operations.filter((entry) => entry.operation.tags?.[0] === tag.name) }))
    .filter((group) => group.operations.length > 0);
  return (
    <div className="reference">
      <p className="reference__meta">
        {operations.length} endpoints · OpenAPI {document.openapi} · <a href="/api/openapi.json">openapi.json</a>
      </p>
      {groups.map((group) => (
        <section
          key={group.name}
          className="reference__group"
          aria-labelledby={`group-${group.name.replace(/\W+/g, '-')}`}
        >
          <h3 id={`group-${group.name.replace(/\W+/g, '-')}`} className="reference__group-title">
            {group.name}
          </h3>
          {group.description && (
            <p className="reference__group-lead">
              <Prose text={group.description} />
            </p>
          )}
          <div className="reference__list">
            {group.operations.map(({ path, method, operation }) => (
              <Endpoint key={`${method} ${path}`} method={method} path={path} operation={operation} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
