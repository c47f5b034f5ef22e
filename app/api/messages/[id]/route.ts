// GET /api/messages/{id}: one email, with its body as sent while the outbox keeps it.
import { route } from "@/lib/api/route";
import { getMessage } from "@/lib/delivery/messages";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "sending.read", params: IdParams }, async ({ brandId, params }) => ok(await getMessage(brandId, params.id))),
});
