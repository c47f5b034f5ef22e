// Valid values for schemas whose rules a JSON Schema cannot say (an identifier's id is an email or a
// phone number by its type; a template's nodes reference each other), by component name. The fuzzer
// mixes them into what it generates from the document, so valid requests get past validation into the
// code behind it; components without one are generated from their schema alone, and every value is
// mutated like any other.
import fc from "fast-check";
import { fullTemplate, nid, plainSection } from "@/lib/templates/fixtures";

/** A file part of a multipart body. */
export class FilePart {
  constructor(
    readonly bytes: Buffer,
    readonly filename: string,
    readonly type: string,
  ) {}
}

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");

const word = fc.stringMatching(/^[a-z]{3,10}$/);
export const email = fc.tuple(word, fc.integer({ min: 0, max: 99_999 })).map(([w, n]) => `${w}.${n}@example.com`);
export const phone = fc.integer({ min: 2_000_000, max: 9_999_999 }).map((n) => `+1415${n}`);
export const httpsUrl = fc.tuple(word, word).map(([a, b]) => `https://${a}.example/${b}`);
const tags = fc.array(fc.constantFrom("vip", "new", "churned", "beta", "tag with spaces"), { maxLength: 3 }).map((t) => [...new Set(t)]);
const identifier = fc.oneof(
  email.map((id) => ({ type: "email", id })),
  phone.map((id) => ({ type: "phone", id })),
);
const contact = fc.record(
  {
    identifiers: fc.array(identifier, { minLength: 1, maxLength: 2 }),
    firstName: word,
    lastName: word,
    tags,
    customProperties: fc.dictionary(word, fc.oneof(word, fc.integer(), fc.boolean()), { maxKeys: 3 }),
  },
  { requiredKeys: ["identifiers"] },
);
const eventContact = fc.oneof(
  email.map((e) => ({ email: e })),
  phone.map((p) => ({ phone: p })),
  fc.record({ email, firstName: word, tags }),
);
const properties = fc.dictionary(
  word,
  fc.oneof(word, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.array(word, { maxLength: 3 })),
  { maxKeys: 5 },
);
const product = word.map((id) => ({
  id,
  title: `Product ${id}`,
  url: `https://shop.example.com/p/${id}`,
  currency: "USD",
  status: "inStock",
  defaultImageUrl: `https://cdn.example.com/${id}.jpg`,
  variants: [{ id: `${id}-v1`, title: "Default", url: `https://shop.example.com/p/${id}`, price: 25 }],
}));
const conditionGroups = fc
  .array(
    fc.oneof(
      tags.map((t) => ({
        entity: "contact",
        junction: "and",
        filters: [{ property: "tags", operator: "anyOf", value: t.length ? t : ["vip"] }],
      })),
      word.map((w) => ({ entity: "contact", junction: "and", filters: [{ property: "firstName", operator: "contains", value: w }] })),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map((conditions) => [{ conditions }]);
const layoutContent = word.map((w) => plainSection([{ id: nid(), type: "text", text: `<p>${w}</p>` }]));

export const FIXTURES: Record<string, fc.Arbitrary<unknown>> = {
  ContactInput: contact,
  ContactPatch: fc.record({ firstName: word, tags }, { requiredKeys: [] }),
  IdentifierInput: identifier,
  EventInput: fc.record(
    {
      eventName: fc.constantFrom("loyalty points earned", "custom thing", "wishlist shared"),
      origin: fc.constant("api"),
      contact: eventContact,
      properties,
    },
    { requiredKeys: ["eventName", "origin", "contact"] },
  ),
  EventContact: eventContact,
  V4IdentifyInput: fc.record({ email, firstName: word, tags, optIns: fc.constant([{ channel: "email" }]) }, { requiredKeys: ["email"] }),
  V4TrackInput: fc.record(
    { eventName: word, contact: email.map((e) => ({ email: e })), properties },
    { requiredKeys: ["eventName", "contact"] },
  ),
  V4TrackContact: email.map((e) => ({ email: e })),
  TemplateInput: word.map((name) => fullTemplate(name)),
  UniversalLayoutInput: fc.record({ name: word, content: layoutContent }),
  SegmentInput: fc.record({ name: word, conditionGroups }),
  SegmentPreviewInput: fc.record({ conditionGroups }),
  ProductInput: product,
  CreateCategoryRequest: fc.record({ categoryID: word, title: word }),
  UploadURLRequest: fc.record({ url: httpsUrl.map((u) => `${u}.png`), name: word }, { requiredKeys: ["url"] }),
  UploadFileForm: fc.record({ file: fc.constant(new FilePart(PNG, "pixel.png", "image/png")), name: word }, { requiredKeys: ["file"] }),
  CreateBatchRequest: fc.oneof(
    fc.record({
      endpoint: fc.constant("contacts"),
      method: fc.constantFrom("POST", "PUT"),
      items: fc.array(contact, { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ endpoint: fc.constant("products"), method: fc.constant("POST"), items: fc.array(product, { minLength: 1, maxLength: 3 }) }),
  ),
  WriteEventRequest: fc.record({
    name: word.map((w) => `fuzz ${w}`),
    origin: fc.constant("api"),
    displayName: word,
    properties: fc.constant({ points: { type: "integer" }, when: { type: "date" } }),
  }),
  TagsRequest: fc.record({ emails: fc.array(email, { minLength: 1, maxLength: 3 }), tags: tags.map((t) => (t.length ? t : ["vip"])) }),
  BulkJobRequest: fc.record({ action: fc.constantFrom("add", "remove"), tags: fc.constant(["vip"]), view: fc.constant({}) }),
  RenderInput: fc.oneof(
    fc.constant({}),
    email.map((e) => ({ email: e })),
  ),
  TestSendInput: fc.record({ to: fc.array(email, { minLength: 1, maxLength: 2 }) }),
  ImportTemplateRequest: fc.record({
    name: word,
    html: word.map((w) => `<html><body><h1>${w}</h1><p>Hello <a href="https://shop.example">shop</a></p></body></html>`),
  }),
};

/** Text by a property's name, for plain string properties (an email, a phone number, a link). */
export function textByName(name: string): fc.Arbitrary<string> | null {
  if (/e-?mail$/i.test(name)) return email;
  if (/^phone(Number)?$/i.test(name)) return phone;
  if (/(url|uri|link)$/i.test(name)) return httpsUrl;
  return null;
}
