// The operator commands (scripts/admin.ts runs them). Each validates its flags with zod and returns
// the JSON object the command prints.
import { z } from "zod";
import { db } from "@/lib/db";
import { Plan } from "@/lib/brands/plans";
import { createBrand } from "@/lib/brands/create-brand";
import { createApiKey } from "@/lib/brands/api-keys";
import { createUser, Email } from "@/lib/accounts/users";
import { Password } from "@/lib/auth/passwords";
import { ApiProblem } from "@/lib/http/problems";
import { ResourceId } from "@/lib/http/route";
import { markAddressVerified, markDomainVerified, SendingDomainInput } from "@/lib/delivery/senders/senders";
import { ClientRegistration, ClientSettings, createApprovedClient, setClientStatus, updateClientSettings } from "@/lib/oauth/clients";

type Flag = { type: "string"; multiple?: boolean } | { type: "boolean" };
export type AdminCommand = {
  usage: string;
  options: Record<string, Flag>;
  run: (flags: Record<string, string | string[] | boolean | undefined>) => Promise<Record<string, unknown>>;
};

/** A yes/no flag value (`--require-pkce true`, `--resource-server off`). */
const OnOff = z
  .enum(["true", "false", "yes", "no", "on", "off"], { message: "Use true or false" })
  .transform((v) => v === "true" || v === "yes" || v === "on");

async function requireBrand(id: string) {
  const brand = await db.brand.findUnique({ where: { id: ResourceId.parse(id) }, select: { id: true } });
  if (!brand) throw new ApiProblem("not-found", `No brand ${id}`);
  return brand.id;
}

export const adminCommands: Record<string, AdminCommand> = {
  "create-brand": {
    usage: "--name N [--plan free|standard|pro]",
    options: { name: { type: "string" }, plan: { type: "string" } },
    async run(flags) {
      const input = z.object({ name: z.string().trim().min(1).max(100), plan: Plan.default("free") }).parse(flags);
      const brand = await createBrand(input);
      return { brandID: brand.id };
    },
  },
  "create-user": {
    usage: "--email E --password P --brand ID",
    options: { email: { type: "string" }, password: { type: "string" }, brand: { type: "string" } },
    async run(flags) {
      const input = z.object({ email: Email, password: Password, brand: z.string() }).parse(flags);
      const brandId = await requireBrand(input.brand);
      const { userId } = await createUser({ email: input.email, password: input.password, brandId });
      return { userID: userId };
    },
  },
  "create-api-key": {
    usage: "--brand ID [--name N]",
    options: { brand: { type: "string" }, name: { type: "string" } },
    async run(flags) {
      const input = z
        .object({ brand: z.string(), name: z.string().trim().min(1).max(100).default("Created by the operator") })
        .parse(flags);
      const { key } = await createApiKey(await requireBrand(input.brand), input.name);
      return { apiKey: key };
    },
  },
  "create-oauth-client": {
    usage: "--name N --redirect-uri U [--redirect-uri U2] [--scope S ...] [--contact-email E] [--require-pkce] [--resource-server]",
    options: {
      name: { type: "string" },
      "redirect-uri": { type: "string", multiple: true },
      scope: { type: "string", multiple: true },
      "contact-email": { type: "string" },
      "require-pkce": { type: "boolean" },
      "resource-server": { type: "boolean" },
    },
    async run(flags) {
      const input = ClientRegistration.parse({
        name: flags.name,
        redirectUris: flags["redirect-uri"],
        scopes: flags.scope,
        contactEmail: flags["contact-email"],
      });
      const settings = ClientSettings.parse({ requirePkce: flags["require-pkce"], resourceServer: flags["resource-server"] });
      const { clientId, clientSecret } = await createApprovedClient(input, settings);
      return { clientID: clientId, clientSecret };
    },
  },
  "update-oauth-client": {
    usage: "--client ID [--require-pkce true|false] [--resource-server true|false]",
    options: { client: { type: "string" }, "require-pkce": { type: "string" }, "resource-server": { type: "string" } },
    async run(flags) {
      const input = z
        .object({ client: z.string().min(1), "require-pkce": OnOff.optional(), "resource-server": OnOff.optional() })
        .refine((v) => v["require-pkce"] !== undefined || v["resource-server"] !== undefined, {
          message: "Give --require-pkce or --resource-server",
        })
        .parse(flags);
      const result = await updateClientSettings(input.client, {
        requirePkce: input["require-pkce"],
        resourceServer: input["resource-server"],
      });
      return { clientID: result.clientId, requirePkce: result.pkceRequired, resourceServer: result.resourceServer };
    },
  },
  "approve-oauth-client": {
    usage: "--client ID",
    options: { client: { type: "string" } },
    async run(flags) {
      const input = z.object({ client: z.string().min(1) }).parse(flags);
      const { clientId, status } = await setClientStatus(input.client, "approved");
      return { clientID: clientId, status };
    },
  },
  "verify-sender": {
    usage: "--brand ID (--email E [--name N] | --domain D)",
    options: { brand: { type: "string" }, email: { type: "string" }, name: { type: "string" }, domain: { type: "string" } },
    async run(flags) {
      const input = z
        .object({
          brand: z.string(),
          email: z.email().max(254).optional(),
          name: z.string().trim().min(1).max(250).optional(),
          domain: SendingDomainInput.shape.domain.optional(),
        })
        .refine((v) => !!v.email !== !!v.domain, { message: "Give --email or --domain (one of them)" })
        .parse(flags);
      const brandId = await requireBrand(input.brand);
      if (input.domain) {
        const domain = await markDomainVerified(brandId, input.domain);
        return { domainID: domain.id, domain: domain.domain, verified: true };
      }
      const address = await markAddressVerified(brandId, input.email!, input.name);
      return { senderID: address.id, email: address.email, verified: true };
    },
  },
};
