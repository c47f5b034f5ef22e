// The contact shapes as the API returns them: type-only views of the zod schemas in lib/contacts
// (erased at build time, so nothing server-side reaches the browser bundle).
import type { Paging } from "@/lib/http/pagination";
import type { ContactRecord, ContactListSchema } from "@/lib/contacts/schemas";
import type { z } from "zod";

export type Contact = ContactRecord;
export type Identifier = Contact["identifiers"][number];
export type StatusChange = Contact["statusHistory"][number];
export type ContactStatus = NonNullable<Contact["status"]>;
export type IdentifierType = Identifier["type"];
export type Channel = StatusChange["channel"];
export type ContactList = z.infer<typeof ContactListSchema>;

// Until the events branch lands its schema, the contact events response per API-CONTRACT.md.
export type ContactEvent = {
  id: string;
  eventID: string | null;
  eventName: string;
  eventVersion: string | null;
  origin: string;
  eventTime: string;
  receivedAt: string;
  properties: Record<string, unknown>;
};

export type ContactEventList = { events: ContactEvent[]; paging: Paging };
