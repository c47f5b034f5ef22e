// The one catalog of user-facing error messages: what a person reads when something they typed or asked
// for cannot be done, written for them ("Enter a first name"), keyed by the API's error codes, the field
// they name and the kind of input the form shows for it. Forms and pages show `fieldMessage` /
// `labelledMessage` / `userMessage`; the API's own `message` text is used only when the catalog does not
// know a code and the text is not one of zod's defaults ("Too small: expected string to have >=1 characters").
// Also the words of choices whose meaning must match the API's (IMPORT_CHOICES).
import { ApiError, type ApiFieldError } from "@/lib/client/api-fetch";
import { formatWait } from "./format";

const FIELD_NAMES: Record<string, string> = {
  firstName: "first name",
  lastName: "last name",
  birthdate: "birthdate",
  countryCode: "country code",
  postalCode: "postal code",
  email: "email address",
  phone: "phone number",
  tags: "tag",
  name: "name",
  id: "address",
  identifiers: "email address or phone number",
  customProperties: "custom property",
  postalAddress: "postal address",
  brandName: "brand name",
  to: "email address",
  html: "HTML",
  domain: "domain",
  topicID: "topic",
  templateID: "template",
};

/** What the form shows for a field, which decides how its errors read ("Enter a number", "Enter a colour"). */
export type InputKind =
  | "text"
  | "number"
  | "wholeNumber"
  | "date"
  | "choice"
  | "email"
  /** an image's web address (or a path on this service) */
  | "image"
  /** a link: a web address, mailto: or tel:, merge tags allowed */
  | "link"
  | "colour"
  /** a size in px or % */
  | "length"
  /** a size in px only (text sizes) */
  | "pixels"
  /** a spacing that may be negative (letter spacing) */
  | "spacing"
  /** a custom property's name: letters, digits, _ and - */
  | "key";

/** How a form names a field: `noun` for sentences ("Enter a segment name"), `input` for what to type. */
export type FieldContext = { noun?: string; input?: InputKind };

/** "a first name", "an email address". */
const a = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;

/** What to type into an input of this kind: the sentence for a missing or malformed value. */
const WHAT_TO_ENTER: Record<InputKind, string | null> = {
  text: null,
  number: "Enter a number.",
  wholeNumber: "Enter a whole number, 1 or more.",
  date: "Enter a date.",
  choice: "Choose one of the options.",
  email: "Enter an email address, such as name@example.com.",
  image: "Enter a web address starting with https://, or choose an image from your library.",
  link: "Enter a web address starting with https://.",
  colour: "Enter a colour such as #1a73e8, or pick one.",
  length: "Enter a size in pixels or percent, such as 10px or 50%.",
  pixels: "Enter a size in pixels, such as 16px.",
  spacing: "Enter a spacing such as 1px or 0.05em.",
  key: "Use only letters, digits, _ and - (no spaces), such as favourite_colour.",
};

/** By error code: the sentence to show, whatever the input. */
const BY_CODE: Record<string, (noun: string, error: ApiFieldError) => string> = {
  invalid_email: () => "This email address is not valid (it needs a name, an @ and a domain).",
  invalid_phone: () => "This phone number is missing its country code, or is not a real number (start with +, e.g. +44 20 7183 8750).",
  invalid_country_code: () => "Enter a two-letter country code, such as DE.",
  invalid_channel: () => "Email addresses have an email status and phone numbers an SMS status.",
  identifier_taken: () => "This address already belongs to another contact.",
  conflicting_parameters: () => "These filters cannot be used together.",
  not_found: (f) => `That ${f} no longer exists.`,
  unknown_field: (f) => `“${f}” is not something Inkwell stores here.`,
  unrecognized_keys: (f) => `“${f}” is not something Inkwell stores here.`,
  unsafe_link: () => "Links cannot start with javascript:, vbscript: or data:. Enter a web address starting with https://.",
  invalid_colour: () => WHAT_TO_ENTER.colour!,
  out_of_range: (_f, e) => {
    const range = /between (\S+) and (\S+)/.exec(e.message);
    return range ? `Enter a value from ${range[1]} to ${range[2]}.` : "This value is outside the allowed range.";
  },
  unknown_preset: () => "This style no longer exists. Choose another one.",
  unknown_layout: () => "This saved layout no longer exists. Remove the section or choose another layout.",
  duplicate: (f) => `This ${f} is already in the list.`,
  // Template rules (lib/templates/validate-template.ts): what the editor cannot build, said plainly.
  not_allowed: (f) => `This ${f} cannot be used here.`,
  read_only: (f) => `This ${f} is of an old kind that cannot be changed. Remove it, or replace it with an HTML code block.`,
  product_blocks_only: () => "Only product blocks can go in this section.",
  too_many_product_blocks: (_f, e) => `This section holds at most ${/at most (\d+)/.exec(e.message)?.[1] ?? "a few"} product blocks.`,
  missing_preset: () => "A built-in style is missing. Undo the last change to the styles.",
};

/** Codes that mean "the value is missing or not what this input takes": worded by the input's kind. */
const VALUE_CODES = new Set(["required", "too_small", "invalid_type", "invalid_format", "invalid_value", "invalid"]);

/** zod's own texts, written for developers: never shown. */
const ZOD_DEFAULT = /^(?:Invalid|Too (?:small|big)|Expected|Unrecognized|Required\b)/;

const BY_STATUS: Record<number, string> = {
  0: "Could not reach Inkwell. Check your connection and try again.",
  401: "Your session has ended. Sign in again.",
  403: "You do not have access to this.",
  404: "This no longer exists. It may have been deleted.",
  409: "Someone changed this at the same time. Reload and try again.",
  413: "This is too large to upload.",
  429: "Too many requests at once. Wait a moment and try again.",
};

/** The readable name of the field an error points at ("/identifiers/0/id" → "address"). */
function fieldName(error: Pick<ApiFieldError, "field" | "pointer">): string {
  const last =
    error.pointer
      .split("/")
      .filter((p) => p && !/^\d+$/.test(p))
      .pop() ?? error.field;
  return FIELD_NAMES[last] ?? FIELD_NAMES[error.field] ?? last.replace(/([A-Z])/g, " $1").toLowerCase();
}

/** The most a too_big error allows, from the API's text ("<=255", "at most 100"). */
function limitOf(message: string): { max: number; what: "characters" | "items" } | null {
  const match = /(?:<=|at most )(\d+)/.exec(message);
  if (!match) return null;
  return { max: Number(match[1]), what: /array|items|keys|entries/.test(message) ? "items" : "characters" };
}

/** One field error, for people. */
export function fieldMessage(error: ApiFieldError, context: FieldContext = {}): string {
  const noun = context.noun ?? fieldName(error);
  const byCode = BY_CODE[error.code];
  if (byCode) return byCode(noun, error);
  // A sentence the API's schema wrote for people ("Name the key", "Use at least 10 characters") is kept;
  // the API's other texts follow a field name ("must be …") or are zod's, and are worded here.
  const message = error.message.trim();
  if (!context.input && /^[A-Z]/.test(message) && !ZOD_DEFAULT.test(message)) return /[.!?]$/.test(message) ? message : `${message}.`;
  if (error.code === "too_big") {
    const limit = limitOf(error.message);
    if (!limit) return `This ${noun} is too long.`;
    return limit.what === "items" ? `Use at most ${limit.max}.` : `This ${noun} is too long: use at most ${limit.max} characters.`;
  }
  if (VALUE_CODES.has(error.code)) {
    const toEnter = context.input ? WHAT_TO_ENTER[context.input] : null;
    if (toEnter) return toEnter;
    if (error.code === "invalid_format") return `This ${noun} is not in the expected format.`;
    if (error.code === "invalid_value") return `Choose one of the offered values for the ${noun}.`;
    return `Enter ${a(noun)}.`;
  }
  // The API's message is written to follow the field's name ("is not a valid …"); make it a sentence.
  if (!message || ZOD_DEFAULT.test(message)) return `Check the ${noun}.`;
  return /^[a-z]/.test(message) ? `The ${noun} ${message}.`.replace(/\.\.$/, ".") : message;
}

/** A sentence led by the label of the field it is about: "Image: enter a web address starting with https://". */
export function labelled(label: string, sentence: string): string {
  return `${label}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}

/** One field error led by its label, for summaries and for errors shown away from their field. */
export function labelledMessage(label: string, error: ApiFieldError, context: FieldContext = {}): string {
  return labelled(label, fieldMessage(error, { noun: label.toLowerCase(), ...context }));
}

/** By the API's problem code (the last part of its type URL), for failures without field errors. */
const BY_PROBLEM: Record<string, string> = {
  "rate-limited": BY_STATUS[429],
  "mail-failed":
    "Your mail server did not take the email. Check the addresses and the mail server settings; the email is kept in the Outbox, under Tests.",
  "payload-too-large": BY_STATUS[413],
  "sender-unverified": "This sender address is not verified yet. Verify it, or its domain, under Settings → Sending.",
  "database-unavailable": "Inkwell cannot reach its database right now. Try again in a moment.",
};

/** A refused request (429), with the wait the API named: "Too many requests in a short time. Try again in 12 seconds." */
export function rateLimitMessage(retryAfterMs: number | null): string {
  return retryAfterMs === null ? BY_STATUS[429] : `Too many requests in a short time. Try again in ${formatWait(retryAfterMs)}.`;
}

/** What the page says while every call waits out a 429 of the session's budget (components/ui/rate-limit-notice.tsx). */
export const RATE_LIMIT_PAUSE = {
  title: "Inkwell is pausing for a moment",
  text: "This browser asked for more in the last minute than Inkwell serves one person. Nothing is lost: the page carries on by itself",
  resumed: "Inkwell is answering again.",
};

/**
 * A whole failure, for people: the field errors when there are some, else the problem or the status.
 * `byStatus` words a status for the page it happens on ({ 404: "No contact has this email address." }).
 * A conflict (409) keeps the API's detail: it says what is in the way ("… already belongs to another contact").
 */
export function userMessage(error: unknown, byStatus: Partial<Record<number, string>> = {}): string {
  if (error instanceof ApiError) {
    const mine = byStatus[error.status];
    if (mine) return mine;
    if (error.status === 429) return rateLimitMessage(error.retryAfterMs);
    if (error.errors.length === 1) return fieldMessage(error.errors[0]);
    if (error.errors.length > 1) return `${error.errors.length} things need fixing: ${error.errors.map((e) => fieldMessage(e)).join(" ")}`;
    const problem = error.code ? BY_PROBLEM[error.code] : undefined;
    if (problem) return problem;
    if (error.status >= 500) return "Something went wrong on our side. Try again in a moment.";
    if (error.status === 409) return error.detail || BY_STATUS[409];
    return BY_STATUS[error.status] ?? (error.detail || "That did not work.");
  }
  return error instanceof Error ? error.message : "That did not work.";
}

/** The heading of an error summary: "One thing needs fixing before …" / "3 things need fixing before …". */
export function summaryTitle(count: number, before: string): string {
  return count === 1 ? `One thing needs fixing before ${before}:` : `${count} things need fixing before ${before}:`;
}

/** The HTML import's choice (the API's `into`): what a person reads in the import dialog. */
export const IMPORT_CHOICES = {
  legend: "What should Inkwell make of it?",
  html: {
    label: "Keep my HTML as it is",
    hint: "One HTML code block holds your email exactly as written, the styles of its head included. You edit it as code.",
  },
  blocks: {
    label: "Turn it into editable blocks",
    hint: "Text, images, buttons and lines become blocks you edit in the editor; what cannot become a block stays HTML code. Merge tags of other tools become Inkwell's.",
  },
} as const;
