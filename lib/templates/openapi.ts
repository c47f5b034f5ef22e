// OpenAPI paths of email templates and universal layouts, from the same zod schemas that validate them.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { PagingSchema } from "@/lib/http/pagination";
import { IdParams } from "@/lib/http/route";
import { conflict, jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { LayoutInput, LayoutSchema } from "./layouts/schema";
import { ListLayoutsQuery } from "./layouts/read-layouts";
import { ListTemplatesQuery } from "./list-templates";
import { ImportedTemplateSchema } from "./import/import-summary";
import {
  ContentInput,
  ContentSchema,
  ImportTemplateQuery,
  ImportTemplateRequest,
  TemplateInput,
  TemplateListItem,
  TemplateSchema,
} from "./schema/template";

const READ = "email-templates.read";
const WRITE = "email-templates.write";
const tags = ["Email templates"];
const layoutTags = ["Universal layouts"];
const contentTags = ["Email content"];

const RULES =
  "Validation reports every error at once; codes beyond the shape ones: duplicate (node or preset id reused, second preheader section), " +
  "unknown_preset (stylePresetID names no preset), missing_preset (a required preset is absent from a given list), product_blocks_only, " +
  "too_many_product_blocks (over 12 in recommender, cart recovery and back-in-stock sections), read_only (badge section, html block type, html field), role rules (not_allowed, required, duplicate: a discount block needs exactly one discount_code component; menu items are menu_text; product parts are product_*), " +
  "required (productRecommender, settings.universalLayoutID, settings.dynamicList for their section types), not_allowed, unknown_layout, " +
  "invalid_colour, out_of_range (content width 300-2000px, font sizes 3-100px). " +
  "A document read back can be written back as is, except that a free-plan brand's read-only badge section (id ba09e0000000000000000001) must be left out; the read-only id, createdAt and updatedAt are ignored.";

const body = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });

export const templatePaths: ZodOpenApiPathsObject = {
  "/api/email-templates": {
    get: {
      summary: "List templates (summaries, keyset pages)",
      tags,
      security: security(READ),
      requestParams: { header: VersionHeader, query: ListTemplatesQuery },
      responses: {
        "200": jsonContent(
          z.object({ templates: z.array(TemplateListItem), paging: PagingSchema }).meta({ id: "TemplateListResponse" }),
          "A page of templates",
        ),
        ...standardErrors,
      },
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
      description:
        "As the import rules say, by default: the <style> tags of <head> become the style of one htmlCode block and the <body> content its body, as written " +
        "(merge tags included); HTML without a <body> tag is used as is. `into=blocks` turns the HTML into editable blocks instead, where its structure allows: " +
        "layout tables and divs become sections (content on its own background a section of its own), rows and columns; " +
        "p, h1-h6 and lists text; img an image (with the link around it); an anchor styled as a button a button; hr a line. What cannot be mapped (forms, data tables, columns inside a column, " +
        "hidden text, images without a web address) is kept whole in an htmlCode block. The <style> tags of <head> are kept in an htmlCode block of the first section and applied to the blocks. " +
        "Merge tags of other tools (`{{ first_name }}`, `*|FNAME|*`, `%FIRSTNAME%`, `*|UNSUB|*`...) become Inkwell's. `importSummary` says what was made, kept and converted. " +
        "A structure the template rules refuse (e.g. a text over 200,000 characters) is imported as one htmlCode block.",
      tags,
      security: security(WRITE),
      requestParams: { header: VersionHeader, query: ImportTemplateQuery },
      requestBody: body(ImportTemplateRequest),
      responses: { "201": jsonContent(ImportedTemplateSchema, "The template, with the import's summary"), ...standardErrors },
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
  "/api/email-content/{id}": {
    get: {
      summary: "Read email content",
      description:
        "Email content is a stored email document's content (generalSettings and sections) without its name. Every template has one, with the template's id: this reads the template's content, universal layouts resolved.",
      tags: contentTags,
      security: security(READ),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(ContentSchema, "The content"), ...notFound, ...standardErrors },
    },
    put: {
      summary: "Replace email content",
      description: `Full replace of the content (the template keeps its name). ${RULES} Content is never locked in Inkwell (no 409).`,
      tags: contentTags,
      security: security(WRITE),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: body(ContentInput),
      responses: { "200": jsonContent(ContentSchema, "The stored content"), ...notFound, ...standardErrors },
    },
  },
  "/api/email-universal-layouts": {
    get: {
      summary: "List universal layouts, newest first",
      tags: layoutTags,
      security: security(READ),
      requestParams: { header: VersionHeader, query: ListLayoutsQuery },
      responses: {
        "200": jsonContent(
          z.object({ universalLayouts: z.array(LayoutSchema), paging: PagingSchema }).meta({ id: "ListUniversalLayoutsResponse" }),
          "A page of layouts",
        ),
        ...standardErrors,
      },
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
      responses: {
        "204": { description: "Deleted" },
        ...notFound,
        ...conflict("Templates still use the layout; the problem's templates member names them"),
        ...standardErrors,
      },
    },
  },
};
