// OpenAPI paths of the contacts endpoints, from the same zod schemas the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { conflict, jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { IdParams } from "@/lib/http/route";
import { ContactInput, ContactListQuery, ContactListSchema, ContactPatch, ContactSchema, EmailQuery } from "./schemas";
import { TagJobList, TagJobSchema, TagsAccepted, TagsRequest } from "./tags/schemas";

const tags = ["Contacts"];

export const contactPaths: ZodOpenApiPathsObject = {
  "/api/contacts": {
    get: {
      summary: "List contacts, or look one up by email or phone",
      description:
        "Filters: email, phone (E.164, + encoded as %2B), status, tag, segmentID, updatedAtFrom. `tag` with `status`, or `updatedAtFrom` with any other filter: 400. An unknown segmentID: 404.",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, query: ContactListQuery },
      responses: { "200": jsonContent(ContactListSchema, "A page of contacts"), ...notFound, ...standardErrors },
    },
    post: {
      summary: "Create or update a contact (upsert)",
      description:
        "Matched by an email identifier (case-insensitive), else by a phone identifier. 201 when created, 200 when updated. Identifiers merge by (type, id); custom properties merge key by key; tags, when given, replace the contact's tags.",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: ContactInput } } },
      responses: {
        "200": jsonContent(ContactSchema, "An existing contact was updated"),
        "201": jsonContent(ContactSchema, "A contact was created"),
        ...conflict("An identifier of the request belongs to another contact"),
        ...standardErrors,
      },
    },
    patch: {
      summary: "Partially update the contact with this email",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader, query: EmailQuery },
      requestBody: { content: { "application/json": { schema: ContactPatch } } },
      responses: {
        "200": jsonContent(ContactSchema, "The updated contact"),
        ...notFound,
        ...conflict("An identifier belongs to another contact"),
        ...standardErrors,
      },
    },
  },
  "/api/contacts/{id}": {
    get: {
      summary: "One contact, with its segments and status history",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(ContactSchema, "The contact"), ...notFound, ...standardErrors },
    },
    patch: {
      summary: "Partially update a contact: only the fields sent change",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: { content: { "application/json": { schema: ContactPatch } } },
      responses: {
        "200": jsonContent(ContactSchema, "The updated contact"),
        ...notFound,
        ...conflict("An identifier belongs to another contact"),
        ...standardErrors,
      },
    },
  },
  "/api/contacts/tags": {
    post: {
      summary: "Add tags to contacts named by id, email or phone, and to a segment's members",
      description:
        "At least one of contactIDs, emails, phones or segmentID. The union of the selectors is tagged, each contact once; names of no contact are ignored. Contacts named by id, email or phone are tagged before the 202; a segment's members by a background job (the response's `job`, followed at /api/contacts/tags/jobs/{id}) that walks the contacts existing when the request was accepted. 60 requests per minute per credential.",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: TagsRequest } } },
      responses: { "202": jsonContent(TagsAccepted, "Accepted"), ...standardErrors },
    },
    delete: {
      summary: "Remove tags from contacts named by id, email or phone, and from a segment's members",
      description: "As POST, removing the tags. 60 requests per minute per credential.",
      tags,
      security: security("contacts.write"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: TagsRequest } } },
      responses: { "202": jsonContent(TagsAccepted, "Accepted"), ...standardErrors },
    },
  },
  "/api/contacts/tags/jobs": {
    get: {
      summary: "The latest bulk tag jobs (at most 20, newest first)",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader },
      responses: { "200": jsonContent(TagJobList, "Jobs"), ...standardErrors },
    },
  },
  "/api/contacts/tags/jobs/{id}": {
    get: {
      summary: "A bulk tag job's progress",
      tags,
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(TagJobSchema, "The job"), ...notFound, ...standardErrors },
    },
  },
};
