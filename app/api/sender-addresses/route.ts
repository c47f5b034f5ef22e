// GET /api/sender-addresses, POST /api/sender-addresses: the brand's sender addresses (a new one gets a confirmation link).
import { route } from "@/lib/api/route";
import { addAddress, listAddresses, SenderAddressInput, SenderAddressList, SenderAddressSchema } from "@/lib/delivery/senders/senders";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { conflict, jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      summary: "List the brand's sender addresses",
      tags: ["Sending"],
      responses: { "200": jsonContent(SenderAddressList, "Addresses") },
    },
    async ({ brandId }) => ok(await listAddresses(brandId)),
  ),
  POST: route(
    {
      scope: "sending.write",
      body: SenderAddressInput,
      summary: "Add a sender address",
      description:
        "An address on a verified sending domain (or the deployment's SMTP_FROM address) is verified at once; any other gets an email with a confirmation link. Each confirmation email counts against the brand's hourly budget of TEST_SEND_PER_HOUR test emails (429 beyond it).",
      tags: ["Sending"],
      responses: { "201": jsonContent(SenderAddressSchema, "The address"), ...conflict("The address is already one of the brand's") },
    },
    async ({ brandId, body }) => created(await addAddress(brandId, body)),
  ),
});
