// OpenAPI paths of the Batches API, from the zod schemas the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { jsonContent, notFound, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { BatchParams, BatchSchema, CreateBatchRequest, CreateBatchResponse, ListBatchesQuery, ListBatchesResponse } from "./schemas";

const tags = ["Batches"];
const anyOf = (scopes: string[]): Record<string, string[]>[] => [{ apiKey: [] }, ...scopes.map((s) => ({ oauth2: [s] })), { session: [] }];
const readScopes =
  "Reading a batch needs the read scope of its endpoint: contacts.read, events.read, or products.read (products and categories).";

export const batchPaths: ZodOpenApiPathsObject = {
  "/api/batches": {
    get: {
      summary: "List batches of an endpoint",
      description: `Newest first, offset pages (\`offset\`, \`limit\` 1-250, default 100); filters status and dateFrom/dateTo (UTC days). ${readScopes}`,
      tags,
      security: anyOf(["contacts.read", "events.read", "products.read"]),
      requestParams: { header: VersionHeader, query: ListBatchesQuery },
      responses: { "200": jsonContent(ListBatchesResponse, "A page of batches"), ...standardErrors },
    },
    post: {
      summary: "Create a batch",
      description:
        "Up to 100 items of one endpoint, committed (as durably as an accepted event) before the 201, then processed asynchronously by the worker, each item with its own result (GET /api/batches/{batchID}/items). " +
        "An item's effect and its result are committed together, so an item is processed exactly once, also across a crash. Items that touch the same contact or product are applied in the order sent. " +
        "Scopes: contacts.write, events.write or products.write (products and categories), by endpoint. Before sending a batch of events, make sure no automation would message customers about imported history.",
      tags,
      security: anyOf(["contacts.write", "events.write", "products.write"]),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: CreateBatchRequest } } },
      responses: { "201": jsonContent(CreateBatchResponse, "Stored; processed asynchronously"), ...standardErrors },
    },
  },
  "/api/batches/{batchID}": {
    get: {
      summary: "Get a batch's progress",
      description: readScopes,
      tags,
      security: anyOf(["contacts.read", "events.read", "products.read"]),
      requestParams: { header: VersionHeader, path: BatchParams },
      responses: { "200": jsonContent(BatchSchema, "The batch"), ...notFound, ...standardErrors },
    },
  },
  "/api/batches/{batchID}/items": {
    get: {
      summary: "Get a batch's items and their results",
      description: readScopes,
      tags,
      security: anyOf(["contacts.read", "events.read", "products.read"]),
      requestParams: { header: VersionHeader, path: BatchParams },
      responses: {
        "200": jsonContent(BatchSchema, "The batch with `responses` (every item) and `errors` (the failed ones)"),
        ...notFound,
        ...standardErrors,
      },
    },
  },
};
