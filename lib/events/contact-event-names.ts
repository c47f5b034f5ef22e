// GET /api/contacts/{id}/event-names: the event names a contact has, with how many and when last, so the
// profile's activity filter offers exactly the names that will match something (not the whole brand's).
import { z } from "zod";
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";

export const ContactEventNames = z
  .object({
    names: z
      .array(
        z.object({
          eventName: z.string(),
          count: z.number().int().meta({ description: "How many of the contact's processed events carry this name" }),
          lastEventTime: z.string().meta({ description: "RFC 3339: the newest eventTime under this name" }),
        }),
      )
      .meta({ description: "Most frequent first" }),
  })
  .meta({ id: "ContactEventNames" });

export async function listContactEventNames(brandId: string, contactId: string): Promise<z.infer<typeof ContactEventNames>> {
  const contact = await db.contact.findFirst({ where: { id: contactId, brandId }, select: { id: true } });
  if (!contact) throw new ApiProblem("not-found", `Contact ${contactId} does not exist`);
  const groups = await db.contactEvent.groupBy({
    by: ["eventName"],
    where: { brandId, contactId },
    _count: { _all: true },
    _max: { eventTime: true },
  });
  return {
    names: groups
      .map((g) => ({ eventName: g.eventName, count: g._count._all, lastEventTime: (g._max.eventTime ?? new Date(0)).toISOString() }))
      .sort((a, b) => b.count - a.count || a.eventName.localeCompare(b.eventName)),
  };
}
