// DELETE /api/suppressions/{id}: lift a suppression (the address may be mailed again).
import { route } from "@/lib/api/route";
import { deleteSuppression } from "@/lib/delivery/suppressions";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(
    {
      scope: "sending.write",
      params: IdParams,
      summary: "Lift a suppression",
      description: "The address may be mailed again (its email channel status still applies).",
      tags: ["Sending"],
      responses: { "204": { description: "Lifted" }, ...notFound },
    },
    async ({ brandId, params }) => {
      await deleteSuppression(brandId, params.id);
      return noContent();
    },
  ),
});
