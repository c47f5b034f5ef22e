// OAuth scopes of the public API. Reads need `.read` (or the matching `.write`), writes need `.write`.
import { z } from "zod";

export const SCOPES = [
  "contacts.read",
  "contacts.write",
  "events.read",
  "events.write",
  "email-templates.read",
  "email-templates.write",
  "segments.read",
  "segments.write",
  "products.read",
  "products.write",
  "images.read",
  "images.write",
  "automations.read",
  "automations.write",
  "sending.read",
  "sending.write",
  "campaigns.read",
  "campaigns.write",
  "analytics.read",
  "forms.read",
  "forms.write",
] as const;

export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "contacts.read": "See your contacts and their activity",
  "contacts.write": "Create and update your contacts",
  "events.read": "See the batches of customer events sent on your behalf and their results",
  "events.write": "Send customer events (page views, carts, orders) on your behalf",
  "email-templates.read": "See your email templates",
  "email-templates.write": "Create, change and delete your email templates",
  "segments.read": "See your segments",
  "segments.write": "Create, change and delete your segments",
  "products.read": "See your store's products and product categories",
  "products.write": "Add, change and remove products and product categories in your store's catalog",
  "images.read": "See the images in your image library",
  "images.write": "Upload images to your image library and delete them",
  "automations.read": "See your automation workflows and how contacts move through them",
  "automations.write": "Create, change, enable, disable and delete your automation workflows",
  "sending.read": "See the emails your brand sent, your senders, your suppression list and your tracking settings",
  "sending.write": "Add senders and sending domains, change the suppression list and tracking, and report bounces and complaints",
  "campaigns.read": "See your email campaigns, who they went to and how they did",
  "campaigns.write": "Create, change, schedule, send and cancel email campaigns to your contacts",
  "analytics.read": "See reports on your emails: deliveries, opens, clicks, unsubscribes",
  // docs/API-CONTRACT: the forms family (signup forms and the subscription topics they offer) shares these.
  "forms.read": "See your signup forms and subscription topics, and how many people view, submit and confirm the forms",
  "forms.write":
    "Create, change and delete your signup forms and subscription topics; the forms add the people who sign up to your contacts",
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** A required scope is satisfied by itself or, for `.read`, by the matching `.write`. */
export function hasScope(granted: ReadonlySet<Scope> | "all", required: Scope | readonly Scope[]): boolean {
  if (granted === "all") return true;
  const options = Array.isArray(required) ? required : [required as Scope];
  return options.some(
    (scope) => granted.has(scope) || (scope.endsWith(".read") && granted.has(scope.replace(/\.read$/, ".write") as Scope)),
  );
}
