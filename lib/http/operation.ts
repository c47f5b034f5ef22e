// What an API operation says about itself beyond what the pipeline enforces: its summary, description,
// tags and answers. Together with the route's scope, credentials and schemas (lib/http/route.ts) it is the
// operation's one declaration, which the OpenAPI document is built from (lib/openapi/document.ts); nothing
// restates an operation elsewhere.
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiRequestBodyObject, ZodOpenApiResponsesObject } from "zod-openapi";

/** The OpenAPI document's groups of operations, in the order the document and the docs viewer show them. */
export const API_TAGS = [
  "Account",
  "OAuth 2.0",
  "Email templates",
  "Email content",
  "Universal layouts",
  "Contacts",
  "Subscription topics",
  "Segments",
  "Events",
  "Event metadata",
  "Products",
  "Product Categories",
  "Images",
  "Batches",
  "Campaigns",
  "Analytics",
  "Automations",
  "Sending",
  "Forms",
  "v4 (deprecated)",
] as const;
export type ApiTag = (typeof API_TAGS)[number];

export type OperationDocs = {
  summary: string;
  description?: string;
  tags: readonly ApiTag[];
  /**
   * The answers by status, besides the errors every operation can give (lib/openapi/common.ts's
   * standardErrors, added to each operation of the pipeline).
   */
  responses: ZodOpenApiResponsesObject;
  deprecated?: boolean;
  /** request headers the operation reads besides Service-Version (documented, not validated) */
  headers?: z.ZodObject;
  /** a body the pipeline does not parse as JSON (a multipart upload read by the handler) */
  requestBody?: ZodOpenApiRequestBodyObject;
};

/** A handler of Next's own (outside the API pipeline, e.g. the OAuth endpoints) with its OpenAPI operation. */
export type Documented<F> = F & { openapi: ZodOpenApiOperationObject };

export function documented<F extends (...args: never[]) => unknown>(operation: ZodOpenApiOperationObject, handler: F): Documented<F> {
  return Object.assign(handler, { openapi: operation });
}

const documentedAs = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A JSON body the handler takes as it came, because lib validates it itself (template documents: shape,
 * cross-node rules and database references reported together): the pipeline parses the JSON, the document
 * shows `schema`.
 */
export function validatedInLib(schema: z.ZodType): z.ZodUnknown {
  const unparsed = z.unknown();
  documentedAs.set(unparsed, schema);
  return unparsed;
}

/** The schema the document shows for a body schema (see validatedInLib). */
export function documentedSchema(schema: z.ZodType): z.ZodType {
  return documentedAs.get(schema) ?? schema;
}
