// GET /api/me: the brand and credential behind this request.
import { describeCaller } from "@/lib/brands/get-me";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: null }, async ({ auth }) => ok(await describeCaller(auth))),
});
