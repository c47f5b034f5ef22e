// DELETE /api/suppressions/{id}: lift a suppression (the address may be mailed again).
import { route } from "@/lib/api/route";
import { deleteSuppression } from "@/lib/delivery/suppressions";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route({ scope: "sending.write", params: IdParams }, async ({ brandId, params }) => {
    await deleteSuppression(brandId, params.id);
    return noContent();
  }),
});
