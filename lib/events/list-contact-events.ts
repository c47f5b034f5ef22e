// GET /api/contacts/{id}/events: a contact's processed events, newest (by eventTime) first, optionally only
// some event names and an eventTime range (the profile's activity filters). The filters apply before paging,
// so every page of a filtered view is full and the cursors walk only matching events.
import { z } from "zod";
import { db } from "@/lib/db";
import { keysetPage, type Paging } from "@/lib/http/pagination";
import { ApiProblem } from "@/lib/http/problems";
import type { ContactEventSchema, ContactEventsQuery } from "./schemas";

type Item = z.infer<typeof ContactEventSchema>;
type Row = {
  id: string;
  eventID: string | null;
  eventName: string;
  eventVersion: string | null;
  origin: string;
  eventTime: Date;
  receivedAt: Date;
  properties: unknown;
};

export async function listContactEvents(
  brandId: string,
  contactId: string,
  query: z.infer<typeof ContactEventsQuery>,
): Promise<{ events: Item[]; paging: Paging }> {
  const contact = await db.contact.findFirst({ where: { id: contactId, brandId }, select: { id: true } });
  if (!contact) throw new ApiProblem("not-found", `Contact ${contactId} does not exist`);
  const filter = {
    brandId,
    contactId,
    ...(query.eventName ? { eventName: { in: query.eventName } } : {}),
    ...(query.from || query.to
      ? { eventTime: { ...(query.from ? { gte: new Date(query.from) } : {}), ...(query.to ? { lte: new Date(query.to) } : {}) } }
      : {}),
  };
  const page = await keysetPage<Row>({
    sort: "eventTime",
    column: "eventTime",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => row.eventTime.toISOString(),
    toColumn: (value) => new Date(String(value)),
    fetch: ({ where, orderBy, take }) =>
      db.contactEvent.findMany({
        where: { AND: [filter, where] },
        orderBy,
        take,
        select: {
          id: true,
          eventID: true,
          eventName: true,
          eventVersion: true,
          origin: true,
          eventTime: true,
          receivedAt: true,
          properties: true,
        },
      }),
  });
  return {
    events: page.rows.map((r) => ({
      ...r,
      eventTime: r.eventTime.toISOString(),
      receivedAt: r.receivedAt.toISOString(),
      properties: (r.properties ?? {}) as Record<string, unknown>,
    })),
    paging: page.paging,
  };
}
