// The shapes of /api/forms: one zod schema per shape, the validator, the type and the OpenAPI description.
// The stored definition (Form.definition) is FormDefinition: what the form shows, read back as given.
import { z } from "zod";
import { noAfterAndBefore, pagingQuery, PagingSchema } from "@/lib/http/pagination";

export const MAX_TOPICS = 20;

/** Contact properties a form may ask for, with how the public page renders each. */
export const FIELD_KINDS = {
  email: { type: "email", autocomplete: "email", label: "Email" },
  firstName: { type: "text", autocomplete: "given-name", label: "First name" },
  lastName: { type: "text", autocomplete: "family-name", label: "Last name" },
  birthdate: { type: "date", autocomplete: "bday", label: "Birthday" },
  address: { type: "text", autocomplete: "street-address", label: "Address" },
  city: { type: "text", autocomplete: "address-level2", label: "City" },
  state: { type: "text", autocomplete: "address-level1", label: "State" },
  country: { type: "text", autocomplete: "country-name", label: "Country" },
  postalCode: { type: "text", autocomplete: "postal-code", label: "Postal code" },
} as const;
export type FieldName = keyof typeof FIELD_KINDS;
export const FIELD_NAMES = Object.keys(FIELD_KINDS) as [FieldName, ...FieldName[]];

/** Text a visitor sees: no control characters (they would break the page or hide text). */
const shown = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !/[\p{Cc}]/u.test(s.replace(/\n/g, "")), { message: "must not contain control characters" });

export const FormField = z
  .strictObject({
    name: z.enum(FIELD_NAMES).meta({ description: "The contact property the field fills" }),
    label: shown(100).min(1),
    required: z.boolean().default(false),
  })
  .meta({ id: "FormField" });

export const FormTexts = z
  .strictObject({
    title: shown(200).default("Subscribe to our newsletter"),
    description: shown(1000).default(""),
    button: shown(50).min(1).default("Subscribe"),
    success: shown(500).min(1).default("Thanks! Check your inbox to confirm your subscription."),
    consent: shown(1000)
      .default("I agree to receive marketing emails. I can unsubscribe at any time.")
      .meta({ description: "Shown next to the button; stored with each consent record exactly as shown" }),
  })
  .meta({ id: "FormTexts" });

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c");
export const FormColours = z
  .strictObject({
    background: colour.default("#ffffff"),
    text: colour.default("#1f2328"),
    accent: colour.default("#4f46e5"),
    accentText: colour.default("#ffffff"),
  })
  .meta({ id: "FormColours" });

export const FormTriggerSchema = z
  .discriminatedUnion("type", [
    z.strictObject({ type: z.literal("delay"), seconds: z.number().int().min(0).max(3600) }),
    z.strictObject({ type: z.literal("exitIntent") }),
    z.strictObject({ type: z.literal("scroll"), percent: z.number().int().min(1).max(100) }),
  ])
  .meta({ id: "FormTrigger", description: "When a popup opens: after a delay, on exit intent, or past a scroll depth" });

export const FormDisplay = z
  .strictObject({
    mode: z.enum(["inline", "popup", "page"]).default("inline").meta({
      description: "inline: rendered where the snippet is; popup: shown on its trigger; page: the hosted page only",
    }),
    trigger: FormTriggerSchema.nullable().default(null).meta({ description: "popup only (default: a delay of 5 seconds)" }),
  })
  .meta({ id: "FormDisplay" });

export const FormSender = z
  .strictObject({
    email: z.email().max(254).meta({ description: "A verified sender address of the brand" }),
    name: shown(100).min(1),
  })
  .meta({ id: "FormSender", description: "Who the confirmation email comes from (default: the deployment's sender, named as the brand)" });

const TopicIDs = z
  .array(z.string().min(1).max(100))
  .max(MAX_TOPICS)
  .refine((ids) => new Set(ids).size === ids.length, { message: "must not repeat a topic" })
  .meta({ description: `Subscription topics a visitor may choose (at most ${MAX_TOPICS})` });

const fieldsRule = (fields: z.infer<typeof FormField>[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: `repeats the field ${f.name}` });
    seen.add(f.name);
  });
};
const Fields = z
  .array(FormField)
  .max(FIELD_NAMES.length)
  .superRefine(fieldsRule)
  .meta({ description: "The fields, in order; email is always there (added first, required, when not given)" });

const base = {
  name: z.string().trim().min(1).max(200),
  doubleOptIn: z.boolean().meta({ description: "Default true: a confirmation email's link makes the contact subscribed" }),
  topicIDs: TopicIDs,
  fields: Fields,
  texts: FormTexts,
  colours: FormColours,
  display: FormDisplay,
  sender: FormSender.nullable(),
  status: z.enum(["active", "paused"]).meta({ description: "A paused form's public page and submissions answer 404" }),
};

export const FormInput = z
  .strictObject({
    ...base,
    doubleOptIn: base.doubleOptIn.default(true),
    topicIDs: base.topicIDs.default([]),
    fields: base.fields.default([]),
    texts: FormTexts.default(FormTexts.parse({})),
    colours: FormColours.default(FormColours.parse({})),
    display: FormDisplay.default(FormDisplay.parse({})),
    sender: base.sender.default(null),
    status: base.status.default("active"),
  })
  .meta({ id: "FormInput" });
export type FormInput = z.infer<typeof FormInput>;

/** PATCH: the members sent replace the stored ones (texts and colours merge member by member). */
export const FormPatch = z
  .strictObject({
    name: base.name.optional(),
    doubleOptIn: base.doubleOptIn.optional(),
    topicIDs: base.topicIDs.optional(),
    fields: base.fields.optional(),
    texts: FormTexts.partial().optional(),
    colours: FormColours.partial().optional(),
    display: FormDisplay.optional(),
    sender: base.sender.optional(),
    status: base.status.optional(),
  })
  .meta({ id: "FormPatch" });
export type FormPatch = z.infer<typeof FormPatch>;

/** What Form.definition stores. */
export type FormDefinition = {
  fields: z.infer<typeof FormField>[];
  texts: z.infer<typeof FormTexts>;
  colours: z.infer<typeof FormColours>;
  display: z.infer<typeof FormDisplay>;
  sender: z.infer<typeof FormSender> | null;
};

export const DROP_REASONS = ["honeypot", "challenge", "replayed-challenge"] as const;
export const REJECT_CODES = ["disposable-domain", "no-mail-domain", "typo", "rate-limited", "invalid-email"] as const;

export const FormFigures = z
  .object({
    views: z.number().int().meta({ description: "Hosted page and embed loads" }),
    submissions: z.number().int().meta({ description: "Submissions that passed the firewall" }),
    confirmations: z.number().int().meta({ description: "Contacts subscribed through the form (confirmed, or single opt-in)" }),
    conversion: z.number().meta({ description: "confirmations / views, 4 decimals (0 without views)" }),
    dropped: z.record(z.string(), z.number().int()).meta({
      description: "Submissions dropped as bots, by reason (honeypot, challenge, replayed-challenge); the bot was told it succeeded",
    }),
    rejected: z.record(z.string(), z.number().int()).meta({ description: "Submissions refused with a message to the visitor, by code" }),
  })
  .meta({ id: "FormFigures" });
export type FormFigures = z.infer<typeof FormFigures>;

export const FormSchema = z
  .object({
    id: z.string(),
    ...base,
    fields: z.array(FormField),
    publicURL: z.url().meta({ description: "The hosted signup page, GET /f/{id}" }),
    embedSnippet: z.string().meta({ description: "The HTML to paste where the form should appear (or once per page, for a popup)" }),
    figures: FormFigures,
    confirmationLane: z.object({ status: z.enum(["active", "paused", "canceled"]), reason: z.string().nullable() }).meta({
      description: "The brand's lane of confirmation emails: paused by the pipeline when their bounces or complaints spike, with why",
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Form" });
export type Form = z.infer<typeof FormSchema>;

export const ListFormsQuery = pagingQuery({ max: 100, default: 50 }).superRefine(noAfterAndBefore);
export type ListFormsQuery = z.infer<typeof ListFormsQuery>;
export const FormList = z.object({ forms: z.array(FormSchema), paging: PagingSchema }).meta({ id: "FormList" });
