// GET /api/sending-settings, PATCH /api/sending-settings: open and click tracking of the brand's emails.
import { route } from "@/lib/api/route";
import { getSendingSettings, SendingSettingsPatch, updateSendingSettings } from "@/lib/delivery/settings";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "sending.read" }, async ({ brandId }) => ok(await getSendingSettings(brandId))),
  PATCH: route({ scope: "sending.write", body: SendingSettingsPatch }, async ({ brandId, body }) =>
    ok(await updateSendingSettings(brandId, body)),
  ),
});
