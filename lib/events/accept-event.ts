// Accepting an event: the identity fields and the historical flag are fixed at arrival, then the event
// is committed to the inbox. Everything else (contact, dedup, identity registry, products) is the
// worker's job (lib/events/worker).
import { z } from "zod";
import type { ApiHeaders } from "@/lib/http/api-request";
import { newId } from "@/lib/ids";
import { ApiProblem } from "@/lib/http/problems";
import { countArrival } from "./arrivals";
import { eventStore } from "./event-store";
import { checkDeclaredEvent } from "./metadata/declared-schemas";
import { HISTORICAL_AFTER_MS, type EventInput } from "./schemas";

export const COMPATIBILITY_HEADER = "compatibility";

/** The header as POST /api/events documents it. */
export const CompatibilityHeader = z.object({
  [COMPATIBILITY_HEADER]: z.literal("no-origin").optional().meta({
    description:
      "`no-origin` leaves origin out of the event's identity (events formerly sent to v4 track); origin stays required in the body",
  }),
});
const COMPATIBILITY_MODES = new Set(["no-origin"]);
const NO_MODES: ReadonlySet<string> = new Set();

/** Parses the `compatibility` header; unknown modes are refused rather than silently changing an identity. */
export function compatibilityModes(headers: ApiHeaders): ReadonlySet<string> {
  const value = headers.get(COMPATIBILITY_HEADER);
  if (value === null) return NO_MODES;
  const modes = new Set(
    value
      .split(",")
      .map((m) => m.trim().toLowerCase())
      .filter(Boolean),
  );
  const unknown = [...modes].filter((m) => !COMPATIBILITY_MODES.has(m));
  if (unknown.length > 0) {
    throw new ApiProblem("bad-request", `Unknown compatibility mode "${unknown[0].slice(0, 50)}"; the supported mode is "no-origin"`);
  }
  return modes;
}

/** The payload the worker processes: the parts of the body that are not stored in their own columns. */
export type EventPayload = Pick<EventInput, "contact" | "properties">;

/**
 * `id`: the inbox id to use (a batch item's own id, so the item can never be accepted twice). Every way in
 * (POST /api/events, batch items) checks a custom event against its declared schema here, like a
 * recommended one; legacy identities (no-origin) keep their properties as they were.
 */
export async function acceptEvent(
  brandId: string,
  event: EventInput,
  options: { noOrigin: boolean; id?: string },
): Promise<{ id: string }> {
  if (!options.noOrigin) await checkDeclaredEvent(brandId, event);
  const receivedAt = new Date();
  const eventTime = event.eventTime ? new Date(event.eventTime) : receivedAt;
  const id = options.id ?? newId(receivedAt);
  const payload: EventPayload = { contact: event.contact, properties: event.properties };
  countArrival();
  await eventStore().append({
    id,
    brandId,
    eventName: event.eventName,
    eventVersion: event.eventVersion ?? null,
    origin: event.origin,
    originInIdentity: !options.noOrigin,
    eventID: event.eventID ?? null,
    eventTime,
    receivedAt,
    historical: event.eventTime !== undefined && receivedAt.getTime() - eventTime.getTime() > HISTORICAL_AFTER_MS,
    payload: JSON.stringify(payload),
  });
  return { id };
}
