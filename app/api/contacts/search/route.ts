// /api/contacts/search: the dashboard's contact search (text, combined filters, total, name/email sort).
import { ContactSearchQuery, searchContacts } from "@/lib/contacts/search-contacts";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", query: ContactSearchQuery }, async ({ brandId, query }) => ok(await searchContacts(brandId, query))),
});
