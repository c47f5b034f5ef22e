// The contact shapes as the API returns them. Until the contacts branch lands these mirror
// lib/contacts/schemas.ts (ContactSchema); afterwards they are type-only re-exports of it.
import type { Paging } from "@/lib/http/pagination";

export type ContactStatus = "subscribed" | "unsubscribed" | "nonSubscribed";
export type Channel = "email" | "sms";
export type IdentifierType = "email" | "phone";

export type Identifier = {
  type: IdentifierType;
  id: string;
  channels: Partial<Record<Channel, { status: ContactStatus; statusChangedAt: string }>>;
  consent: { source: string; createdAt: string; ip?: string; userAgent?: string } | null;
  sendWelcomeMessage: boolean;
};

export type StatusChange = {
  identifierType: IdentifierType;
  identifier: string;
  channel: Channel;
  from: ContactStatus | null;
  to: ContactStatus;
  source: string;
  changedAt: string;
};

export type Contact = {
  id: string;
  email: string | null;
  phone: string[];
  identifiers: Identifier[];
  status: ContactStatus | null;
  firstName: string | null;
  lastName: string | null;
  gender: "m" | "f" | null;
  birthdate: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  countryCode: string | null;
  postalCode: string | null;
  tags: string[];
  customProperties: Record<string, string | number | boolean>;
  segments: string[];
  statusHistory: StatusChange[];
  createdAt: string;
  updatedAt: string;
};

export type ContactList = { contacts: Contact[]; paging: Paging };

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
