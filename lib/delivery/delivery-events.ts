// The generic delivery webhook (POST /api/delivery-events): bounces, complaints and unsubscribes a
// brand's own systems report, authenticated by the brand's API key (or a token with sending.write), in
// Inkwell's JSON. Messages are named by their Message-ID header as sent; only the brand's own count.
import { z } from "zod";
import { applyProviderEvents } from "./webhooks/apply-events";

export const DeliveryEventInput = z
  .strictObject({
    type: z.enum(["bounce", "complaint", "unsubscribe"]),
    messageID: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .meta({ description: "The Message-ID header of the email as sent, with or without angle brackets" }),
    bounceType: z.enum(["hard", "soft"]).optional().meta({ description: "Bounces only (default hard)" }),
    email: z.email().max(254).optional().meta({ description: "The recipient; when given it must be the message's" }),
    detail: z.string().max(500).optional().meta({ description: "The mail server's or provider's words" }),
    occurredAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: "DeliveryEvent" });

export const DeliveryEventsRequest = z
  .strictObject({ events: z.array(DeliveryEventInput).min(1).max(100) })
  .meta({ id: "DeliveryEventsRequest" });

export const DeliveryEventsResult = z
  .object({
    results: z.array(
      z.object({
        status: z.enum(["applied", "unknown-message", "ignored"]).meta({
          description:
            "applied; unknown-message: no message of this brand has that Message-ID; ignored: the email is not the message's recipient, or the message was already unsubscribed by an earlier event (an unsubscribe applies once per message)",
        }),
        messageID: z.string().nullable().meta({ description: "Inkwell's id of the message" }),
      }),
    ),
  })
  .meta({ id: "DeliveryEventsResult" });

export async function receiveDeliveryEvents(brandId: string, request: z.infer<typeof DeliveryEventsRequest>) {
  const results = await applyProviderEvents(
    request.events.map((e) => ({
      type: e.type,
      bounceType: e.type === "bounce" ? (e.bounceType ?? "hard") : undefined,
      messageRef: e.messageID,
      email: e.email ?? null,
      detail: e.detail ?? null,
      at: e.occurredAt ? new Date(e.occurredAt) : null,
    })),
    brandId,
  );
  return { results };
}
