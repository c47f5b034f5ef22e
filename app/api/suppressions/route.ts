// GET /api/suppressions, POST /api/suppressions: addresses the brand never mails.
import { route } from "@/lib/api/route";
import { addSuppression, listSuppressions, ListSuppressionsQuery, SuppressionInput } from "@/lib/delivery/suppressions";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "sending.read", query: ListSuppressionsQuery }, async ({ brandId, query }) =>
    ok(await listSuppressions(brandId, query)),
  ),
  POST: route({ scope: "sending.write", body: SuppressionInput }, async ({ brandId, body }) => {
    const { created: isNew, suppression } = await addSuppression(brandId, body);
    return isNew ? created(suppression) : ok(suppression);
  }),
});
