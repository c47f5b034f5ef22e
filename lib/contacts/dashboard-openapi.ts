// OpenAPI paths of the dashboard's contact endpoints (search, export, import, erasure, bulk jobs on a
// view): Inkwell's own, beside the published contacts API.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IdParams } from "@/lib/http/route";
import { jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { ErasureSchema } from "./erase-contact";
import { ImportBatch, ImportBatchResult } from "./import-contacts";
import { ContactExportBody, ContactExportQuery } from "./export-contacts";
import { ContactSearchQuery, ContactSearchResult } from "./search-contacts";
import { BulkJobList, BulkJobListQuery, BulkJobRequest, BulkJobSchema } from "./tags/schemas";
import { UnsubscribeRequest, UnsubscribeResult } from "./unsubscribe-contacts";

const tags = ["Contacts"];

export const contactDashboardPaths: ZodOpenApiPathsObject = {
  "/api/contacts/search": {
    get: {
      summary: "Search contacts by name, part of an email or a phone number, with combined filters",
      description:
        "The dashboard's contacts table: `q` (each word in the name or an identifier), status, tag, segmentID and created/updated ranges combine freely; `total` counts every match; sort by name, email, createdAt or updatedAt; offset paging.",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, query: ContactSearchQuery },
      responses: { "200": jsonContent(ContactSearchResult, "A page of matching contacts and their total"), ...notFound, ...standardErrors },
    },
  },
  "/api/contacts/export": {
    get: {
      summary: "Export a filtered view of contacts, or a selection, as CSV (streamed)",
      description:
        "The same filters as /api/contacts/search, or `ids`. Columns: id, email, phone, names, statuses, tags (;-separated), profile fields, customProperties (JSON), createdAt, updatedAt. Cells starting with = + - @ are escaped.",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, query: ContactExportQuery },
      responses: { "200": { description: "CSV", content: { "text/csv": { schema: { type: "string" } } } }, ...notFound, ...standardErrors },
    },
    post: {
      summary: "Export a filtered view of contacts, or a selection of up to 25,000 ids, as CSV (streamed)",
      description: "As GET, with the filters or the `ids` array in a JSON body (a selection too long for a query string).",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: ContactExportBody } } },
      responses: { "200": { description: "CSV", content: { "text/csv": { schema: { type: "string" } } } }, ...notFound, ...standardErrors },
    },
  },
  "/api/contacts/jobs": {
    post: {
      summary: "Tag, untag or unsubscribe every contact of a view, in the background",
      description:
        "The view is the search's filters (`q`, status, tag, segmentID, created/updated ranges); its text is matched in full, without the search's count cap. The job walks the contacts existing when it was accepted, in chunks by id; every contact the view matches when its chunk runs is changed (a change that takes a contact out of the view, such as removing the tag the view filters on, does not make others missed). Unsubscribing writes a status history line per address (source api:session from the dashboard). 60 requests per minute per credential.",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: BulkJobRequest } } },
      responses: { "202": jsonContent(BulkJobSchema, "The job, queued"), ...notFound, ...standardErrors },
    },
    get: {
      summary: "The latest bulk jobs of every kind (views' jobs and segments' tag jobs; at most 20, newest first)",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, query: BulkJobListQuery },
      responses: { "200": jsonContent(BulkJobList, "Jobs"), ...standardErrors },
    },
  },
  "/api/contacts/jobs/{id}": {
    get: {
      summary: "A bulk job's progress",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(BulkJobSchema, "The job"), ...notFound, ...standardErrors },
    },
  },
  "/api/contacts/{id}/erasure": {
    post: {
      summary: "Erase a contact (GDPR): the contact, its identifiers and events are deleted; an audit line is kept",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(ErasureSchema, "The audit line"), ...notFound, ...standardErrors },
    },
  },
  "/api/contacts/unsubscribe": {
    post: {
      summary: "Unsubscribe up to 250 contacts from email",
      description:
        "Every email address of the named contacts that is not unsubscribed yet becomes unsubscribed, with a status history line (source api:session from the dashboard), as a PATCH of the channel status records it. Ids of no contact of the brand are ignored; running it again changes nothing.",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: UnsubscribeRequest } } },
      responses: { "200": jsonContent(UnsubscribeResult, "How many contacts changed"), ...standardErrors },
    },
  },
  "/api/contacts/imports": {
    post: {
      summary: "Import one batch of contacts (up to 500 rows of a CSV file, mapped by the dashboard)",
      description:
        "Each row is validated as POST /api/contacts takes it; invalid rows (and rows whose identifiers belong to two contacts) are rejected with every reason, the others are upserted in one transaction.",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: ImportBatch } } },
      responses: { "200": jsonContent(ImportBatchResult, "Rows created, updated and rejected"), ...standardErrors },
    },
  },
};
