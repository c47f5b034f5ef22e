// /api/automations: the brand's workflows (published Automations API): list, create.
import { route } from "@/lib/api/route";
import { listAutomations } from "@/lib/automations/list-automations";
import { AutomationSchema, CreateAutomationRequest, ListAutomationsQuery, ListAutomationsResponse } from "@/lib/automations/schemas";
import { createAutomation } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.read",
      query: ListAutomationsQuery,
      summary: "List automation workflows",
      description:
        "Cursor pages (limit 1-250, default 100), newest first by createdAt (or updatedAt); filters isEnabled, nameContains, created and updated ranges.",
      tags: ["Automations"],
      responses: { "200": jsonContent(ListAutomationsResponse, "A page of workflows") },
    },
    async ({ brandId, query }) => ok(await listAutomations(brandId, query)),
  ),
  POST: route(
    {
      scope: "automations.write",
      body: CreateAutomationRequest,
      summary: "Create automation workflow",
      description:
        "A disabled workflow: a trigger (an event identity with property filter groups, or a built-in: birthday, product back in stock, entered segment, subscribed to marketing), at least one block, exit conditions and settings. Every rule failure is reported at once; SMS and push blocks are refused naming the channel (channel-unavailable).",
      tags: ["Automations"],
      responses: { "201": jsonContent(AutomationSchema, "The created workflow") },
    },
    async ({ brandId, body }) => created(await createAutomation(brandId, body)),
  ),
});
