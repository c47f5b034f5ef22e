// OpenAPI paths of email templates and universal layouts, from the same zod schemas that validate them.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { PagingSchema } from "@/lib/http/pagination";
import { IdParams } from "@/lib/http/route";
import { conflict, jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { LayoutInput, LayoutSchema } from "./layouts/schema";
import { ListLayoutsQuery } from "./layouts/read-layouts";
import { ListTemplatesQuery } from "./list-templates";
import { ImportInput, TemplateInput, TemplateSchema, TemplateSummary } from "./schema/template";

const READ = "email-templates.read";
const WRITE = "email-templates.write";
const tags = ["Email templates"];
const layoutTags = ["Universal layouts"];

const RULES =
  "Validation reports every error at once; codes beyond the shape ones: duplicate (node or preset id reused, second preheader section), " +
  "unknown_preset (stylePresetID names no preset), missing_preset (a required preset is absent from a given list), product_blocks_only, " +
  "too_many_product_blocks (over 12 in recommender, cart recovery and back-in-stock sections), read_only (badge section, html block), " +
  "required (productRecommender, settings.universalLayoutID, settings.dynamicList for their section types), not_allowed, unknown_layout, " +
  "invalid_colour, out_of_range (content width 300-2000px, font sizes 3-100px). " +
  "A document read back can be written back as is, except that a free-plan brand's read-only badge section (id inkwell-badge) must be left out.";

const body = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });

export const templatePaths: ZodOpenApiPathsObject = {
  "/api/email-templates": {
    get: {
      summary: "List templates (summaries, keyset pages)",
      tags,
      security: security(READ),
      requestParams: { header: VersionHeader, query: ListTemplatesQuery },
      responses: { "200": jsonContent(z.object({ templates: z.array(TemplateSummary), paging: PagingSchema }), "A page of templates"), ...standardErrors },
    },
    post: {
      summary: "Create a template",
      description: RULES,
      tags,
      security: security(WRITE),
      requestParams: { header: VersionHeader },
      requestBody: body(TemplateInput),
      responses: { "201": jsonContent(TemplateSchema, "The stored template, as a read returns it"), ...standardErrors },
    },
  },
  "/api/email-templates/import": {
    post: {
      summary: "Create a template from raw HTML (body at most 1 MB)",
      tags,
      security: security(WRITE),
      requestParams: { header: VersionHeader },
      requestBody: body(ImportInput),
      responses: { "201": jsonContent(TemplateSchema, "A template with one htmlCode block"), ...standardErrors },
    },
  },
  "/api/email-templates/{id}": {
    get: {
      summary: "Read a template",
      tags,
      security: security(READ),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(TemplateSchema, "The template"), ...notFound, ...standardErrors },
    },
    put: {
      summary: "Replace a template",
      description: RULES,
      tags,
      security: security(WRITE),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: body(TemplateInput),
      responses: { "200": jsonContent(TemplateSchema, "The stored template"), ...notFound, ...standardErrors },
    },
    delete: {
      summary: "Delete a template",
      tags,
      security: security(WRITE),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "204": { description: "Deleted" }, ...notFound, ...standardErrors },
    },
  },
  "/api/email-universal-layouts": {
    get: {
      summary: "List universal layouts, newest first",
      tags: layoutTags,
      security: security(READ),
      requestParams: { header: VersionHeader, query: ListLayoutsQuery },
      responses: { "200": jsonContent(z.object({ universalLayouts: z.array(LayoutSchema), paging: PagingSchema }), "A page of layouts"), ...standardErrors },
    },
    post: {
      summary: "Create a universal layout",
      tags: layoutTags,
      security: security(WRITE),
      requestParams: { header: VersionHeader },
      requestBody: body(LayoutInput),
      responses: { "201": jsonContent(LayoutSchema, "The layout"), ...standardErrors },
    },
  },
  "/api/email-universal-layouts/{id}": {
    get: {
      summary: "Read a universal layout",
      tags: layoutTags,
      security: security(READ),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(LayoutSchema, "The layout"), ...notFound, ...standardErrors },
    },
    put: {
      summary: "Replace a universal layout (templates using it show the new content on their next read)",
      tags: layoutTags,
      security: security(WRITE),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: body(LayoutInput),
      responses: { "200": jsonContent(LayoutSchema, "The layout"), ...notFound, ...standardErrors },
    },
    delete: {
      summary: "Delete a universal layout",
      tags: layoutTags,
      security: security(WRITE),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "204": { description: "Deleted" }, ...notFound, ...conflict("Templates still use the layout; the problem's templates member names them"), ...standardErrors },
    },
  },
};
