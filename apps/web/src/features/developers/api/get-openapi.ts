import { openApiDocumentResponse } from '@lumigen/contract/route-docs';
import { apiGet } from '../../../lib/api.ts';

/** The parts of a JSON Schema (2020-12, as OpenAPI 3.1 writes them) the reference shows. */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  contentMediaType?: string;
};

export type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
export type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
};

/** The server's own OpenAPI document: the reference is drawn from what this server really serves. */
export async function getOpenApi(signal?: AbortSignal): Promise<OpenApiDocument> {
  const answer = await apiGet<unknown>('/api/openapi.json', { signal });
  return openApiDocumentResponse.parse(answer) as unknown as OpenApiDocument;
}
