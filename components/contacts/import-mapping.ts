// CSV import's model: which contact field each column holds (guessed from common headers, changeable),
// and a row of the file as the body POST /api/contacts takes. Pure functions, tested in import-mapping.test.ts.
export const IMPORT_FIELDS = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
  { value: "firstName", label: "First name" },
  { value: "lastName", label: "Last name" },
  { value: "emailStatus", label: "Email status" },
  { value: "tags", label: "Tags (separated by ; or ,)" },
  { value: "gender", label: "Gender" },
  { value: "birthdate", label: "Birthdate" },
  { value: "address", label: "Address" },
  { value: "city", label: "City" },
  { value: "state", label: "State" },
  { value: "postalCode", label: "Postal code" },
  { value: "country", label: "Country" },
  { value: "countryCode", label: "Country code" },
  { value: "custom", label: "Custom property" },
  { value: "skip", label: "Do not import" },
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number]["value"];

const GUESSES: Record<string, ImportField> = {
  email: "email",
  emailaddress: "email",
  mail: "email",
  emails: "email",
  phone: "phone",
  phonenumber: "phone",
  mobile: "phone",
  mobilephone: "phone",
  cell: "phone",
  tel: "phone",
  telephone: "phone",
  sms: "phone",
  firstname: "firstName",
  first: "firstName",
  givenname: "firstName",
  fname: "firstName",
  forename: "firstName",
  lastname: "lastName",
  last: "lastName",
  surname: "lastName",
  familyname: "lastName",
  lname: "lastName",
  status: "emailStatus",
  emailstatus: "emailStatus",
  subscribed: "emailStatus",
  subscription: "emailStatus",
  subscriptionstatus: "emailStatus",
  emailsubscription: "emailStatus",
  tags: "tags",
  tag: "tags",
  labels: "tags",
  lists: "tags",
  gender: "gender",
  sex: "gender",
  birthdate: "birthdate",
  birthday: "birthdate",
  dob: "birthdate",
  dateofbirth: "birthdate",
  address: "address",
  street: "address",
  address1: "address",
  streetaddress: "address",
  city: "city",
  town: "city",
  state: "state",
  region: "state",
  province: "state",
  county: "state",
  zip: "postalCode",
  zipcode: "postalCode",
  postalcode: "postalCode",
  postcode: "postalCode",
  country: "country",
  countryname: "country",
  countrycode: "countryCode",
  iso: "countryCode",
};

/** The field a column most likely holds, from its header ("E-mail Address" → email, "Zip" → postalCode). */
export function guessField(header: string): ImportField {
  const key = header.toLowerCase().replace(/[^a-z0-9]/g, "");
  return GUESSES[key] ?? (key ? "custom" : "skip");
}

/** A custom property key from a header: letters, digits, _ and - only (what the API accepts). */
export function customKey(header: string): string {
  return (
    header
      .trim()
      .replace(/\s+/g, "_")
      .replace(/[^A-Za-z0-9_-]/g, "")
      .slice(0, 100) || "column"
  );
}

function status(text: string): string | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  if (["subscribed", "yes", "true", "1", "optedin", "optin"].includes(key)) return "subscribed";
  if (["unsubscribed", "no", "false", "0", "optedout", "optout"].includes(key)) return "unsubscribed";
  if (["nonsubscribed", "notsubscribed"].includes(key)) return "nonSubscribed";
  return key ? text.trim() : undefined;
}

/** One row as a contact body; empty cells are left out. */
export function rowToContact(headers: string[], mapping: ImportField[], cells: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const identifiers: Record<string, unknown>[] = [];
  const custom: Record<string, string> = {};
  let emailStatus: string | undefined;
  mapping.forEach((field, i) => {
    const value = (cells[i] ?? "").trim();
    if (!value || field === "skip") return;
    if (field === "email") identifiers.push({ type: "email", id: value });
    else if (field === "phone") identifiers.push({ type: "phone", id: value.startsWith("+") ? value.replace(/[\s().-]/g, "") : value });
    else if (field === "emailStatus") emailStatus = status(value);
    else if (field === "tags")
      body.tags = [
        ...new Set(
          value
            .split(/[;,]/)
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ];
    else if (field === "gender")
      body.gender =
        ({ female: "f", male: "m", woman: "f", man: "m" } as Record<string, string>)[value.toLowerCase()] ?? value.toLowerCase();
    else if (field === "countryCode") body.countryCode = value.toUpperCase();
    else if (field === "custom") custom[customKey(headers[i] ?? "")] = value;
    else body[field] = value;
  });
  if (emailStatus)
    for (const identifier of identifiers) if (identifier.type === "email") identifier.channels = { email: { status: emailStatus } };
  body.identifiers = identifiers;
  if (Object.keys(custom).length) body.customProperties = custom;
  return body;
}
