// DELETE /api/api-keys/{id}: revoke a key; requests with it fail from then on.
import { revokeApiKey } from "@/lib/brands/api-keys";
import { ApiProblem } from "@/lib/http/problems";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route({ scope: null, principals: ["session"], params: IdParams }, async ({ brandId, params }) => {
    if (!(await revokeApiKey(brandId, params.id))) throw new ApiProblem("not-found", "No API key with this id in your brand");
    return noContent();
  }),
});
