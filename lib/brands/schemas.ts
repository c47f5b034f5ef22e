// Shapes of the account endpoints (who am I, API keys).
import { z } from "zod";
import { Scope } from "@/lib/http/scopes";
import { isTimeZone } from "@/lib/time/wall-clock";

/** The brand as its settings show it: what email footers print ([[brand.name]], [[brand.postal_address]]). */
export const BrandSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    plan: z.enum(["free", "standard", "pro"]),
    postalAddress: z
      .string()
      .nullable()
      .meta({ description: "The postal address email footers show ([[brand.postal_address]]); null until set" }),
    timeZone: z.string().meta({ description: "IANA time zone of campaign schedules and personalized sends, e.g. Europe/Berlin" }),
    defaultSendHour: z
      .number()
      .int()
      .meta({ description: "Hour of the day (0-23, brand time) a personalized send uses for contacts without engagement history" }),
  })
  .meta({ id: "Brand" });

export const BrandPatch = z
  .strictObject({
    name: z.string().trim().min(1, "Name the brand").max(100).optional(),
    postalAddress: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .optional()
      .meta({ description: "One or more lines; anti-spam laws (CAN-SPAM, CASL) require one in marketing emails. Empty or null clears it" }),
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, { message: "must be an IANA time zone, e.g. Europe/Berlin", params: { code: "invalid_time_zone" } })
      .optional(),
    defaultSendHour: z.number().int().min(0).max(23).optional(),
  })
  .meta({ id: "BrandPatch", description: "Only the fields sent change" });
export type BrandPatch = z.infer<typeof BrandPatch>;

export const MeSchema = z
  .object({
    brand: BrandSchema,
    credential: z.object({
      kind: z.enum(["api-key", "oauth", "session"]),
      scopes: z.array(Scope).meta({ description: "The scopes this credential may use" }),
    }),
  })
  .meta({ id: "Me" });

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The key's first characters, to recognise it" }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable().meta({ description: "Last use, to the minute" }),
    revokedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "ApiKey" });

export const CreateApiKeyInput = z
  .object({ name: z.string().trim().min(1, "Name the key").max(100) })
  .strict()
  .meta({ id: "CreateApiKeyInput" });

export const CreatedApiKeySchema = z
  .object({ apiKey: ApiKeySchema, key: z.string().meta({ description: "The secret; shown only in this response" }) })
  .meta({ id: "CreatedApiKey" });
