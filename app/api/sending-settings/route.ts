// GET /api/sending-settings, PATCH /api/sending-settings: open and click tracking of the brand's emails.
import { route } from "@/lib/api/route";
import { getSendingSettings, SendingSettingsPatch, SendingSettingsSchema, updateSendingSettings } from "@/lib/delivery/settings";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { conflict, jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      summary: "The brand's tracking and attribution settings and the deployment's transport",
      tags: ["Sending"],
      responses: { "200": jsonContent(SendingSettingsSchema, "Settings") },
    },
    async ({ brandId }) => ok(await getSendingSettings(brandId)),
  ),
  PATCH: route(
    {
      scope: "sending.write",
      body: SendingSettingsPatch,
      summary: "Switch open or click tracking on or off, set the revenue attribution window and currency",
      description:
        "Tracking applies to emails enqueued from now on; the attribution window and currency to orders processed from now on. The currency cannot change once the brand has attributed revenue (Inkwell has no exchange rates).",
      tags: ["Sending"],
      responses: {
        "200": jsonContent(SendingSettingsSchema, "Settings"),
        ...conflict("The brand has attributed revenue in its currency: revenueCurrency can no longer change"),
      },
    },
    async ({ brandId, body }) => ok(await updateSendingSettings(brandId, body)),
  ),
});
