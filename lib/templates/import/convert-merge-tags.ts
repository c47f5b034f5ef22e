// Merge tags of other tools become ours: {{ first_name }} and {{ first_name | default: "there" }}
// (Handlebars, Liquid, Mustache), {% unsubscribe_url %}, *|FNAME|* (Mailchimp), %FIRSTNAME%. A name we
// know maps onto the shared list (lib/templates/merge-tags.ts); others stay as written and are listed.
import { mergeTagText, PREFERENCES_TAG, UNSUBSCRIBE_TAG, VIEW_IN_BROWSER_TAG } from "@/lib/templates/merge-tags";

export type TagCount = { tag: string; count: number };
export type ConvertedTag = { from: string; to: string; count: number };
export type MergeTagSummary = { converted: ConvertedTag[]; unknown: TagCount[] };

// Names other tools use, normalized (lower case, letters and digits only), with their prefixes such as
// contact., subscriber. or person. removed.
const NAMES: Record<string, string> = {};
const name = (path: string, ...aliases: string[]) => aliases.forEach((a) => (NAMES[a] = path));
name("contact.first_name", "firstname", "fname", "first", "givenname", "name1");
name("contact.last_name", "lastname", "lname", "last", "surname", "familyname");
name("contact.email", "email", "emailaddress", "mail");
name("contact.phone", "phone", "phonenumber", "mobile", "mobilephone", "sms");
name("contact.city", "city");
name("contact.state", "state", "region", "province");
name("contact.country", "country");
name("contact.country_code", "countrycode");
name("contact.postal_code", "zip", "zipcode", "postalcode", "postcode");
name("contact.address", "address", "address1", "street", "streetaddress");
name("contact.birthdate", "birthday", "birthdate", "dob", "dateofbirth");
name("contact.gender", "gender");
name(
  UNSUBSCRIBE_TAG,
  "unsub",
  "unsubscribe",
  "unsubscribeurl",
  "unsubscribelink",
  "unsubscribelinkurl",
  "optout",
  "optouturl",
  "unsubscribeall",
);
name(
  PREFERENCES_TAG,
  "updateprofile",
  "preferences",
  "preferencesurl",
  "managepreferences",
  "managepreferencesurl",
  "managesubscription",
  "managesubscriptionurl",
  "preferencecenter",
  "emailpreferences",
  "subscriptionpreferences",
);
name(
  VIEW_IN_BROWSER_TAG,
  "archive",
  "archiveurl",
  "archivelink",
  "webversion",
  "webversionurl",
  "viewinbrowser",
  "viewinbrowserurl",
  "viewonline",
  "viewonlineurl",
  "browserurl",
  "webview",
  "webviewurl",
  "mirror",
);
name(
  "brand.name",
  "listcompany",
  "companyname",
  "brandname",
  "storename",
  "shopname",
  "organizationname",
  "orgname",
  "sendername",
  "fromname",
);
name(
  "brand.postal_address",
  "listaddress",
  "listaddresshtml",
  "htmllistaddresshtml",
  "htmllistaddress",
  "postaladdress",
  "organizationaddress",
  "organizationfulladdress",
  "senderaddress",
  "companyaddress",
  "physicaladdress",
  "mailingaddress",
  "storeaddress",
);

const PREFIXES = /^(?:contact|subscriber|person|customer|recipient|member|user|profile|lead|merge)[._:]/i;

export function knownPath(raw: string): string | undefined {
  const key = raw
    .trim()
    .replace(PREFIXES, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return Object.hasOwn(NAMES, key) ? NAMES[key] : undefined;
}

const SYNTAXES: Array<{ pattern: RegExp; parts: (m: RegExpExecArray) => { name: string; fallback?: string } }> = [
  // {{ name }}, {{{ name }}}, {{ name | default: "x" }}, {{ name | default('x') }}
  {
    pattern: /\{\{\{?\s*([A-Za-z_][\w.:-]*)\s*(?:\|\s*default\s*[:(]\s*(["'])(.*?)\2\s*\)?\s*)?\}?\}\}/g,
    parts: (m) => ({ name: m[1], fallback: m[3] }),
  },
  // {% unsubscribe_url %} and other Liquid tags without arguments
  { pattern: /\{%-?\s*([A-Za-z_][\w.]*)\s*-?%\}/g, parts: (m) => ({ name: m[1] }) },
  // *|FNAME|*, *|LIST:COMPANY|*, *|HTML:LIST_ADDRESS_HTML|*
  { pattern: /\*\|([A-Za-z0-9_:]+)\|\*/g, parts: (m) => ({ name: m[1].replace(/^(?:HTML|MERGE):?/i, "") }) },
  // %FIRSTNAME%, %UNSUBSCRIBE_URL% (upper case only, so 100%...% in CSS or text is left alone)
  { pattern: /%([A-Z][A-Z0-9_]{1,40})%/g, parts: (m) => ({ name: m[1] }) },
];

/** The text with every foreign merge tag we know written as ours; what was converted and what was not. */
export function convertMergeTags(text: string): { text: string; summary: MergeTagSummary } {
  const converted = new Map<string, ConvertedTag>();
  const unknown = new Map<string, TagCount>();
  let out = text;
  for (const { pattern, parts } of SYNTAXES) {
    out = out.replace(pattern, (...args) => {
      const match = args as unknown as RegExpExecArray;
      const raw = match[0];
      const { name: tagName, fallback } = parts(match);
      const path = knownPath(tagName);
      if (!path) {
        const entry = unknown.get(raw) ?? { tag: raw, count: 0 };
        entry.count++;
        unknown.set(raw, entry);
        return raw;
      }
      // A default only means something for contact values (links and brand details are always filled).
      const ours = mergeTagText(path, path.startsWith("contact.") ? fallback : undefined);
      const entry = converted.get(raw) ?? { from: raw, to: ours, count: 0 };
      entry.count++;
      converted.set(raw, entry);
      return ours;
    });
  }
  return { text: out, summary: { converted: [...converted.values()], unknown: [...unknown.values()] } };
}
