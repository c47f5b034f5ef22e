// Parked events: events the worker gave up on, kept with their error for a person to look at.
import { z } from "zod";
import { db } from "@/lib/db";
import { keysetPage, noAfterAndBefore, pagingQuery, PagingSchema, type Paging } from "@/lib/http/pagination";

export const ParkedEventSchema = z
  .object({
    id: z.string(),
    eventName: z.string(),
    eventVersion: z.string().nullable(),
    origin: z.string(),
    eventID: z.string().nullable(),
    eventTime: z.string(),
    receivedAt: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable().meta({ description: "Why processing failed" }),
    event: z.record(z.string(), z.unknown()).meta({ description: "contact and properties as sent" }),
  })
  .meta({ id: "ParkedEvent" });

export const ParkedQuery = pagingQuery({ max: 250, default: 100 }).strict().superRefine(noAfterAndBefore);
export const ParkedList = z.object({ events: z.array(ParkedEventSchema), paging: PagingSchema }).meta({ id: "ParkedEventList" });

type Row = {
  id: string;
  eventName: string;
  eventVersion: string | null;
  origin: string;
  eventID: string | null;
  eventTime: Date;
  receivedAt: Date;
  attempts: number;
  lastError: string | null;
  payload: string;
};

export async function listParkedEvents(
  brandId: string,
  query: z.infer<typeof ParkedQuery>,
): Promise<{ events: z.infer<typeof ParkedEventSchema>[]; paging: Paging }> {
  const page = await keysetPage<Row>({
    sort: "id",
    column: "id",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => row.id,
    fetch: ({ where, orderBy, take }) =>
      db.eventInbox.findMany({
        where: { brandId, status: "parked", ...where },
        orderBy,
        take,
        select: {
          id: true,
          eventName: true,
          eventVersion: true,
          origin: true,
          eventID: true,
          eventTime: true,
          receivedAt: true,
          attempts: true,
          lastError: true,
          payload: true,
        },
      }),
  });
  return {
    events: page.rows.map(({ payload, ...r }) => ({
      ...r,
      eventTime: r.eventTime.toISOString(),
      receivedAt: r.receivedAt.toISOString(),
      event: JSON.parse(payload) as Record<string, unknown>,
    })),
    paging: page.paging,
  };
}
