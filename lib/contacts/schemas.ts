// The shapes of the contacts API: one zod schema per shape is the validator, the type and the OpenAPI.
import { getCountries } from "libphonenumber-js/max";
import { z } from "zod";
import { noAfterAndBefore, pagingQuery, PagingSchema } from "@/lib/http/pagination";
import { ResourceId } from "@/lib/http/route";
import { CHANNEL_OF, CHANNELS, IDENTIFIER_TYPES, normalizeIdentifier } from "./identifiers";

export const CONTACT_STATUSES = ["subscribed", "unsubscribed", "nonSubscribed"] as const;
export const ContactStatus = z.enum(CONTACT_STATUSES).meta({ id: "ContactStatus", description: "Subscription status of a channel" });

export const MAX_IDENTIFIERS = 20;
/** consents[] and optIns[] of a contact record hold at most this many entries (the newest). */
export const HISTORY_LIMIT = 100;
export const MAX_TAGS = 100;
export const MAX_TAG_LENGTH = 100;
export const MAX_CUSTOM_PROPERTIES = 100;
export const MAX_CUSTOM_KEY_LENGTH = 100;
export const MAX_CUSTOM_STRING_LENGTH = 1000;
/** Keys are plain names so they can appear in personalization tags and JSON paths unescaped. */
export const CustomPropertyKey = z
  .string()
  .min(1)
  .max(MAX_CUSTOM_KEY_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/, "may contain only letters, digits, _ and -");

const COUNTRY_CODES = new Set<string>(getCountries());

const ChannelStatusInput = z
  .object({
    status: ContactStatus,
    statusChangedAt: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "When the status changed; set by the service when the status changes and this is not given" }),
  })
  .strict();

const ConsentInput = z
  .object({
    source: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "Where consent was collected, e.g. a form name (default: api, event or v4, after the writer)" }),
    createdAt: z.iso.datetime({ offset: true }).optional().meta({ description: "When consent was given (default: now)" }),
    ip: z.union([z.ipv4(), z.ipv6()]).optional(),
    userAgent: z.string().max(500).optional(),
  })
  .strict()
  .meta({ id: "Consent", description: "Consent belongs to the identifier (not to a channel)" });

export const IdentifierInput = z
  .object({
    type: z.enum(IDENTIFIER_TYPES),
    id: z.string().min(1).max(254).meta({
      description: "Email address, or phone number in E.164 (leading +): normalized when it is an assigned number, kept as sent otherwise",
    }),
    channels: z
      .object({ email: ChannelStatusInput.optional(), sms: ChannelStatusInput.optional() })
      .strict()
      .optional()
      .meta({ description: "Status per channel: `email` for email identifiers, `sms` for phone identifiers" }),
    consent: ConsentInput.optional(),
    sendWelcomeMessage: z.boolean().optional().meta({ description: "Default true" }),
    source: z.string().trim().min(1).max(100).optional().meta({ description: "Where the identifier came from, e.g. api" }),
  })
  .strict()
  .superRefine((identifier, ctx) => {
    if (normalizeIdentifier(identifier.type, identifier.id) === null) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message:
          identifier.type === "email"
            ? "is not a valid email address"
            : "is not a phone number in E.164 format (a + and up to 15 digits, e.g. +14155552671)",
        params: { code: identifier.type === "email" ? "invalid_email" : "invalid_phone" },
      });
    }
    for (const channel of CHANNELS) {
      if (identifier.channels?.[channel] && CHANNEL_OF[identifier.type] !== channel) {
        ctx.addIssue({
          code: "custom",
          path: ["channels", channel],
          message: `a ${identifier.type} identifier has no ${channel} channel`,
          params: { code: "invalid_channel" },
        });
      }
    }
  })
  .meta({ id: "IdentifierInput" });
export type IdentifierInput = z.infer<typeof IdentifierInput>;

const text = (max: number) => z.string().trim().max(max).nullable().optional();

/** The custom property a request's createdAt is kept in (the contact's own createdAt is when we stored it). */
export const EXTERNAL_CREATED = "externalCreated";

const CustomValue = z.union([z.string().max(MAX_CUSTOM_STRING_LENGTH), z.number(), z.boolean(), z.null()]);

const profileFields = {
  firstName: text(50),
  lastName: text(50),
  gender: z.enum(["m", "f"]).nullable().optional(),
  birthdate: z.iso.date().nullable().optional().meta({ description: "YYYY-MM-DD" }),
  address: text(500),
  city: text(100),
  state: text(100),
  country: text(100),
  countryCode: z
    .string()
    .refine((c) => COUNTRY_CODES.has(c), {
      message: "must be an ISO 3166-1 alpha-2 code in upper case, e.g. DE",
      params: { code: "invalid_country_code" },
    })
    .nullable()
    .optional(),
  postalCode: text(20),
  tags: z
    .array(z.string().trim().min(1).max(MAX_TAG_LENGTH))
    .max(MAX_TAGS)
    .optional()
    .meta({ description: `Unique tags, at most ${MAX_TAGS}; replaces the contact's tags when given` }),
  customProperties: z
    .record(CustomPropertyKey, CustomValue)
    .optional()
    .meta({
      description: `Merged key by key; null removes a key. At most ${MAX_CUSTOM_PROPERTIES} keys, strings up to ${MAX_CUSTOM_STRING_LENGTH} characters`,
    }),
  createdAt: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: `When the contact was created in your system; kept as the custom property ${EXTERNAL_CREATED}` }),
};

type Refinable = { identifiers?: IdentifierInput[]; tags?: string[]; customProperties?: Record<string, unknown> };

function contactRules(input: Refinable, ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  input.identifiers?.forEach((identifier, i) => {
    const key = `${identifier.type}:${normalizeIdentifier(identifier.type, identifier.id) ?? identifier.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["identifiers", i, "id"],
        message: `repeats identifiers[${first}]`,
        params: { code: "duplicate" },
      });
    } else seen.set(key, i);
  });
  const tags = new Map<string, number>();
  input.tags?.forEach((tag, i) => {
    const first = tags.get(tag);
    if (first !== undefined)
      ctx.addIssue({ code: "custom", path: ["tags", i], message: `repeats tags[${first}]`, params: { code: "duplicate" } });
    else tags.set(tag, i);
  });
  if (input.customProperties && Object.keys(input.customProperties).length > MAX_CUSTOM_PROPERTIES) {
    ctx.addIssue({
      code: "custom",
      path: ["customProperties"],
      message: `at most ${MAX_CUSTOM_PROPERTIES} keys`,
      params: { code: "too_big" },
    });
  }
}

/** POST /api/contacts: upsert, matched by an email identifier, else by a phone identifier. */
export const ContactInput = z
  .object({ identifiers: z.array(IdentifierInput).min(1).max(MAX_IDENTIFIERS), ...profileFields })
  .strict()
  .superRefine(contactRules)
  .meta({ id: "ContactInput" });
export type ContactInput = z.infer<typeof ContactInput>;

/** PATCH: only the fields sent change; identifiers merge by (type, id). */
export const ContactPatch = z
  .object({ identifiers: z.array(IdentifierInput).max(MAX_IDENTIFIERS).optional(), ...profileFields })
  .strict()
  .superRefine(contactRules)
  .meta({ id: "ContactPatch" });
export type ContactPatch = z.infer<typeof ContactPatch>;

const ChannelStatusSchema = z.object({ status: ContactStatus, statusChangedAt: z.iso.datetime() });

export const IdentifierSchema = z
  .object({
    type: z.enum(IDENTIFIER_TYPES),
    id: z.string(),
    channels: z.object({ email: ChannelStatusSchema.optional(), sms: ChannelStatusSchema.optional() }),
    consent: z
      .object({ source: z.string(), createdAt: z.iso.datetime(), ip: z.string().optional(), userAgent: z.string().optional() })
      .optional()
      .meta({ description: "The latest consent given for this identifier (all of them: consents[])" }),
    sendWelcomeMessage: z.boolean(),
    source: z.string().optional(),
  })
  .meta({ id: "Identifier" });

export const ConsentRecordSchema = z
  .object({
    channel: z.enum(CHANNELS),
    source: z.string(),
    createdAt: z.iso.datetime(),
    ip: z.string().optional(),
    userAgent: z.string().optional(),
  })
  .meta({ id: "ContactConsent", description: "A consent the contact gave on a channel" });

export const OptInSchema = z
  .object({ channel: z.enum(CHANNELS), optInAt: z.iso.datetime() })
  .meta({ id: "ContactOptIn", description: "A change of a channel to subscribed" });

export const ChannelStatusRecordSchema = z
  .object({ channel: z.enum(CHANNELS), status: ContactStatus, statusChangedAt: z.iso.datetime() })
  .meta({ id: "ContactChannelStatus", description: "The latest status of a channel" });

const present = <T extends z.ZodType>(schema: T) => schema.optional().meta({ description: "Omitted when not set" });

export const ContactSchema = z
  .object({
    id: z.string(),
    email: present(z.string()).meta({ description: "The primary (first) email identifier; omitted without one" }),
    phone: z.array(z.string()).meta({ description: "Phone identifiers" }),
    identifiers: z.array(IdentifierSchema),
    status: present(ContactStatus).meta({ description: "Email channel status of the primary email; omitted without one" }),
    firstName: present(z.string()),
    lastName: present(z.string()),
    gender: present(z.enum(["m", "f"])),
    birthdate: present(z.string()),
    address: present(z.string()),
    city: present(z.string()),
    state: present(z.string()),
    country: present(z.string()),
    countryCode: present(z.string()),
    postalCode: present(z.string()),
    tags: z.array(z.string()),
    customProperties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    segments: z.array(z.string()).meta({ description: "Ids of the segments the contact belongs to now" }),
    consents: z.array(ConsentRecordSchema).meta({ description: `Consents given, oldest first (the latest ${HISTORY_LIMIT})` }),
    optIns: z.array(OptInSchema).meta({ description: `Changes to subscribed per channel, oldest first (the latest ${HISTORY_LIMIT})` }),
    statuses: z
      .array(ChannelStatusRecordSchema)
      .meta({ description: "The latest status of each channel the contact has, oldest change first" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Contact" });
export type ContactRecord = z.infer<typeof ContactSchema>;

export const EmailQuery = z.object({
  email: z.string().min(1).max(254).meta({ description: "The contact's email identifier (case-insensitive)" }),
});

export const ContactListQuery = pagingQuery({ max: 250, default: 100 })
  .extend({
    sort: z.enum(["createdAt", "updatedAt"]).default("createdAt"),
    direction: z.enum(["asc", "desc"]).default("desc"),
    email: z.string().min(1).max(254).optional().meta({ description: "Contacts with this email identifier (case-insensitive)" }),
    phone: z.string().min(1).max(40).optional().meta({ description: "Contacts with this phone identifier, E.164; encode + as %2B" }),
    status: ContactStatus.optional().meta({ description: "Contacts with an email identifier in this status" }),
    tag: z.string().min(1).max(MAX_TAG_LENGTH).optional(),
    segmentID: ResourceId.optional(),
    updatedAtFrom: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "Contacts updated at or after this time; not combinable with other filters" }),
  })
  .strict()
  .superRefine(noAfterAndBefore)
  .superRefine((q, ctx) => {
    if (q.tag !== undefined && q.status !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["status"],
        message: "tag and status cannot be used together",
        params: { code: "conflicting_parameters" },
      });
    }
    if (q.updatedAtFrom !== undefined) {
      for (const other of ["email", "phone", "status", "tag", "segmentID"] as const) {
        if (q[other] !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["updatedAtFrom"],
            message: `updatedAtFrom cannot be combined with ${other}`,
            params: { code: "conflicting_parameters" },
          });
        }
      }
    }
  });
export type ContactListQuery = z.infer<typeof ContactListQuery>;

export const ContactListSchema = z.object({ contacts: z.array(ContactSchema), paging: PagingSchema }).meta({ id: "ContactList" });
