// The contact shapes as the API returns them: type-only views of the zod schemas in lib/contacts
// (erased at build time, so nothing server-side reaches the browser bundle).
import type { ContactEventSchema, ContactEventsPage } from "@/lib/events/schemas";
import type { ContactRecord, ContactListSchema } from "@/lib/contacts/schemas";
import type { z } from "zod";

export type Contact = ContactRecord;
export type Identifier = Contact["identifiers"][number];
export type ContactStatus = NonNullable<Contact["status"]>;
export type IdentifierType = Identifier["type"];
export type Channel = Contact["statuses"][number]["channel"];
export type ContactList = z.infer<typeof ContactListSchema>;

export type ContactEvent = z.infer<typeof ContactEventSchema>;
export type ContactEventList = z.infer<typeof ContactEventsPage>;
