// POST /api/forms/confirmation-lane/resume: send the confirmation emails the pipeline held when the
// lane's bounces or complaints spiked (the forms' confirmationLane says why it paused).
import { route } from "@/lib/api/route";
import { laneState, resumeLane } from "@/lib/forms/lane";
import { FormSchema } from "@/lib/forms/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "forms.write",
      bodyRequired: false,
      summary: "Resume the brand's paused lane of confirmation emails",
      tags: ["Forms"],
      responses: { "200": jsonContent(FormSchema.shape.confirmationLane, "The lane's state") },
    },
    async ({ brandId }) => {
      await resumeLane(brandId);
      return ok(await laneState(brandId));
    },
  ),
});
