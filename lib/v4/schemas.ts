// The shapes of the v4 layer: v4's request and response bodies (top-level email and phoneNumber,
// optIns/optOuts, consents with a channel), built from the current schemas' field validators so a
// field accepted by /api is accepted by v4 with the same rules and messages.
import { z } from "zod";
import { CHANNELS, normalizeEmail, normalizePhone } from "@/lib/contacts/identifiers";
import { crossField } from "@/lib/http/cross-field";
import { ContactInput, ContactSchema, IdentifierInput } from "@/lib/contacts/schemas";
import { EventContact } from "@/lib/events/event-contact";
import { EventInput } from "@/lib/events/schemas";

const V4Channel = z.enum(CHANNELS).meta({ description: "`email` (the contact's email) or `sms` (its phoneNumber)" });

const V4ChannelChange = z
  .strictObject({
    channel: V4Channel,
    createdAt: z.iso.datetime({ offset: true }).optional().meta({ description: "When the contact opted in or out (default: now)" }),
  })
  .meta({ id: "V4ChannelChange", description: "An opt-in or opt-out of one channel" });

const V4ConsentInput = IdentifierInput.shape.consent
  .unwrap()
  .extend({ channel: V4Channel })
  .meta({ id: "V4ConsentInput", description: "Consent to one channel; stored as the consent of that channel's identifier" });

const { identifiers: _identifiers, ...contactProfile } = ContactInput.shape;

type V4Identity = { email?: string; phoneNumber?: string };
type Lists = { optIns?: { channel: string }[]; optOuts?: { channel: string }[]; consents?: { channel: string }[] };

const IDENTITY_OF_CHANNEL = { email: "email", sms: "phoneNumber" } as const;

// Each list may name a channel once, only a channel whose identifier is given, and a channel cannot be
// both opted in and out. One rule per list, so an invalid list does not hide the others' problems.
function channelRules(list: keyof Lists) {
  return (input: V4Identity & Lists, ctx: z.RefinementCtx) => {
    const optedIn = new Set(list === "optOuts" ? input.optIns?.map((o) => o.channel) : []);
    const seen = new Set<string>();
    input[list]?.forEach(({ channel }, i) => {
      const path = [list, i, "channel"];
      const identity = IDENTITY_OF_CHANNEL[channel as keyof typeof IDENTITY_OF_CHANNEL];
      if (seen.has(channel)) ctx.addIssue({ code: "custom", path, params: { code: "duplicate" }, message: `names ${channel} twice` });
      else if (identity && input[identity] === undefined) {
        ctx.addIssue({
          code: "custom",
          path,
          params: { code: "missing_identifier" },
          message: `the ${channel} channel needs the contact's ${identity}`,
        });
      } else if (list === "optOuts" && optedIn.has(channel)) {
        ctx.addIssue({
          code: "custom",
          path,
          params: { code: "conflict" },
          message: `${channel} is also in optIns; a channel is opted in or out, not both`,
        });
      }
      seen.add(channel);
    });
  };
}

function identityRequired(input: V4Identity, ctx: z.RefinementCtx) {
  if (input.email === undefined && input.phoneNumber === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["email"],
      params: { code: "required" },
      message: "email or phoneNumber is required to identify the contact",
    });
  }
}

function identityFormats(input: V4Identity, ctx: z.RefinementCtx) {
  if (input.email !== undefined && normalizeEmail(input.email) === null) {
    ctx.addIssue({ code: "custom", path: ["email"], params: { code: "invalid_email" }, message: "is not a valid email address" });
  }
  if (input.phoneNumber !== undefined && normalizePhone(input.phoneNumber) === null) {
    ctx.addIssue({
      code: "custom",
      path: ["phoneNumber"],
      params: { code: "invalid_phone" },
      message: "is not a valid phone number in international format (e.g. +14155552671)",
    });
  }
}

const IDENTITY_FIELDS = ["email", "phoneNumber"] as const;

const V4IdentifyShape = z.strictObject({
  email: IdentifierInput.shape.id.meta({ description: "Becomes the contact's email identifier" }).optional(),
  phoneNumber: IdentifierInput.shape.id
    .meta({ description: "International format with leading +; becomes the contact's phone identifier" })
    .optional(),
  optIns: z
    .array(V4ChannelChange)
    .max(CHANNELS.length)
    .optional()
    .meta({ description: "Channels the contact subscribed to (status `subscribed`)" }),
  optOuts: z
    .array(V4ChannelChange)
    .max(CHANNELS.length)
    .optional()
    .meta({ description: "Channels the contact unsubscribed from (status `unsubscribed`)" }),
  consents: z.array(V4ConsentInput).max(CHANNELS.length).optional(),
  ...contactProfile,
});

const withChannelRules = crossField(
  crossField(
    crossField(V4IdentifyShape, [...IDENTITY_FIELDS, "optIns"], channelRules("optIns")),
    [...IDENTITY_FIELDS, "optIns", "optOuts"],
    channelRules("optOuts"),
  ),
  [...IDENTITY_FIELDS, "consents"],
  channelRules("consents"),
);

export const V4IdentifyInput = crossField(withChannelRules, IDENTITY_FIELDS, (input, ctx) => {
  identityRequired(input, ctx);
  identityFormats(input, ctx);
}).meta({
  id: "V4IdentifyInput",
  description: "v4 contact: top-level email and phoneNumber, optIns/optOuts, consents; the other properties as in the current API",
});
export type V4IdentifyInput = z.infer<typeof V4IdentifyInput>;

export const V4IdentifyAccepted = z
  .object({ contactID: z.string().meta({ description: "The contact's id: the same contact as GET /api/contacts/{id}" }) })
  .meta({ id: "V4IdentifyAccepted" });

// v4 track's contact: the current event contact's profile fields (not its id, consents, optIns or optOuts).
const {
  email: eventEmail,
  phone: eventPhone,
  phoneNumber: _phoneNumber,
  id: _id,
  consents: _consents,
  optIns: _optIns,
  optOuts: _optOuts,
  ...eventProfile
} = EventContact.shape;

export const V4TrackContact = crossField(
  z.strictObject({
    email: eventEmail,
    phoneNumber: eventPhone.meta({ description: "International format with leading +; becomes `contact.phone` of the current API" }),
    ...eventProfile,
  }),
  IDENTITY_FIELDS,
  identityRequired,
).meta({
  id: "V4TrackContact",
  description: "Who did it: email and/or phoneNumber identify the contact (created when new); the other fields update it",
});

export const V4TrackInput = z
  .strictObject({
    eventName: EventInput.shape.eventName.meta({
      description:
        "Case-sensitive; kept exactly. Always stored as a custom event without eventVersion, even when the name is a recommended one",
    }),
    contact: V4TrackContact,
    properties: EventInput.shape.properties.meta({ description: "Stored unchanged" }),
  })
  .meta({
    id: "V4TrackInput",
    description:
      "A v4 event. Stored with the no-origin identity (name only, no origin, no version), as the current API's `compatibility: no-origin`",
  });
export type V4TrackInput = z.infer<typeof V4TrackInput>;

const V4ChannelRecord = z.object({
  channel: z.enum(CHANNELS),
  createdAt: z.iso.datetime().meta({ description: "When the status last changed" }),
});

const { tags, customProperties, createdAt, updatedAt } = ContactSchema.shape;
// v4 answered null for unset profile fields (the current API omits them).
const v4Text = z.string().nullable();
const firstName = v4Text,
  lastName = v4Text,
  birthdate = v4Text,
  address = v4Text,
  city = v4Text,
  state = v4Text,
  country = v4Text,
  countryCode = v4Text,
  postalCode = v4Text;
const gender = z.enum(["m", "f"]).nullable();

export const V4ContactSchema = z
  .object({
    contactID: z.string().meta({ description: "The contact's id, as in GET /api/contacts/{id}" }),
    email: z.string().nullable().meta({ description: "The primary email identifier" }),
    phoneNumber: z.string().nullable().meta({ description: "The primary phone identifier (E.164)" }),
    optIns: z.array(V4ChannelRecord).meta({ description: "Channels of the primary identifiers in status `subscribed`" }),
    optOuts: z.array(V4ChannelRecord).meta({ description: "Channels of the primary identifiers in status `unsubscribed`" }),
    consents: z
      .array(
        z.object({
          channel: z.enum(CHANNELS),
          source: z.string(),
          createdAt: z.iso.datetime(),
          ip: z.string().optional(),
          userAgent: z.string().optional(),
        }),
      )
      .meta({ description: "Consent of the primary identifiers, with the identifier's channel" }),
    firstName,
    lastName,
    gender,
    birthdate,
    address,
    city,
    state,
    country,
    countryCode,
    postalCode,
    tags,
    customProperties,
    createdAt,
    updatedAt,
  })
  .meta({
    id: "V4Contact",
    description: "A contact in v4's shape. Contacts with several emails or phones show the primary (first) ones; the current API shows all",
  });
export type V4Contact = z.infer<typeof V4ContactSchema>;

export const V4LookupParams = z.object({
  lookup: z.string().meta({ description: "`id:{id}`, `email:{email}` or `phoneNumber:{phone}` (the + may be sent as is or as %2B)" }),
});
