// POST /v4/track → POST /api/events with `compatibility: no-origin` (spec, event identity rules 1-4):
// the name exactly as sent, no eventVersion even for a recommended name, properties unchanged,
// contact.phoneNumber renamed contact.phone. Same ingestion: durable before the 202, processed later.
import { acceptEvent } from "@/lib/events/accept-event";
import type { V4TrackInput } from "./schemas";

/** v4 events carried no origin; this one is stored for the record and never part of the identity. */
export const V4_ORIGIN = "v4";

export async function trackV4(brandId: string, body: V4TrackInput): Promise<{ id: string }> {
  const { phoneNumber, ...contact } = body.contact;
  return acceptEvent(
    brandId,
    {
      eventName: body.eventName,
      origin: V4_ORIGIN,
      contact: { ...contact, ...(phoneNumber !== undefined ? { phone: phoneNumber } : {}) },
      properties: body.properties,
    },
    { noOrigin: true },
  );
}
