// The one catalog of user-facing error messages: what a person reads when something they typed or asked
// for cannot be done, written for them ("Enter a first name"), keyed by the API's error codes and the
// field they name. Forms and pages show `fieldMessage` / `userMessage`; the API's own `message` text is
// the fallback for codes the catalog does not know yet.
import { ApiError, type ApiFieldError } from "@/lib/client/api-fetch";

const FIELD_NAMES: Record<string, string> = {
  firstName: "first name", lastName: "last name", birthdate: "birthdate", countryCode: "country code", postalCode: "postal code",
  email: "email address", phone: "phone number", tags: "tag", name: "name", id: "address", identifiers: "email address or phone number",
};

/** "a first name", "an email address". */
const a = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;

/** By error code (and sometimes field): the sentence to show. */
const BY_CODE: Record<string, (field: string) => string> = {
  invalid_email: () => "This email address is not valid (it needs a name, an @ and a domain).",
  invalid_phone: () => "This phone number is missing its country code, or is not a real number (start with +, e.g. +44 20 7183 8750).",
  too_small: (f) => `Enter ${a(f)}.`,
  too_big: (f) => `This ${f} is too long.`,
  required: (f) => `Enter ${a(f)}.`,
  invalid_type: (f) => `Enter ${a(f)}.`,
  invalid_format: (f) => `This ${f} is not in the expected format.`,
  invalid_value: (f) => `Choose one of the offered values for the ${f}.`,
  invalid_channel: () => "Email addresses have an email status and phone numbers an SMS status.",
  identifier_taken: () => "This address already belongs to another contact.",
  conflicting_parameters: () => "These filters cannot be used together.",
  not_found: (f) => `That ${f} no longer exists.`,
  unknown_field: (f) => `“${f}” is not something Inkwell stores here.`,
  unrecognized_keys: (f) => `“${f}” is not something Inkwell stores here.`,
};

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
  const last = error.pointer.split("/").filter((p) => p && !/^\d+$/.test(p)).pop() ?? error.field;
  return FIELD_NAMES[last] ?? FIELD_NAMES[error.field] ?? last.replace(/([A-Z])/g, " $1").toLowerCase();
}

/** One field error, for people. */
export function fieldMessage(error: ApiFieldError): string {
  const text = BY_CODE[error.code];
  if (text) return text(fieldName(error));
  // The API's message is written to follow the field's name ("is not a valid …"); make it a sentence.
  const message = error.message.trim();
  return /^[a-z]/.test(message) ? `The ${fieldName(error)} ${message}.`.replace(/\.\.$/, ".") : message;
}

/** A whole failure, for people: the field errors when there are some, else the status or the API's detail. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.errors.length === 1) return fieldMessage(error.errors[0]);
    if (error.errors.length > 1) return `${error.errors.length} things need fixing: ${error.errors.map(fieldMessage).join(" ")}`;
    if (error.status >= 500) return "Something went wrong on our side. Try again in a moment.";
    return BY_STATUS[error.status] && error.status !== 404 && error.status !== 409 ? BY_STATUS[error.status] : error.detail || BY_STATUS[error.status] || "That did not work.";
  }
  return error instanceof Error ? error.message : "That did not work.";
}
