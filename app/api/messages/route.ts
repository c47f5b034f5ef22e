// GET /api/messages: the brand's emails, newest first (the dashboard's Outbox), filtered and searched.
import { route } from "@/lib/api/route";
import { listMessages } from "@/lib/delivery/messages";
import { ListMessagesQuery } from "@/lib/delivery/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "sending.read", query: ListMessagesQuery }, async ({ brandId, query }) => ok(await listMessages(brandId, query))),
});
