// /api/contacts/search: the dashboard's contact search (text, combined filters, total, name/email sort).
import { ContactSearchQuery, searchContacts, ContactSearchResult } from "@/lib/contacts/search-contacts";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      query: ContactSearchQuery,
      summary: "Search contacts by name, part of an email or a phone number, with combined filters",
      description:
        "The dashboard's contacts table: `q` (each word in the name or an identifier), status, tag, segmentID and created/updated ranges combine freely; `total` counts every match; sort by name, email, createdAt or updatedAt; offset paging.",
      tags: ["Contacts"],
      responses: { "200": jsonContent(ContactSearchResult, "A page of matching contacts and their total"), ...notFound },
    },
    async ({ brandId, query }) => ok(await searchContacts(brandId, query)),
  ),
});
