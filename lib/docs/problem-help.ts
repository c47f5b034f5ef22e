// What each problem type means and how to fix it: the text of /docs/problems/<code>, the page a
// problem's `type` URL points to. Keyed by ProblemCode so a new code cannot ship without its page.
import type { ProblemCode } from "@/lib/http/problems";

export const PROBLEM_HELP: Record<ProblemCode, { meaning: string; fix: string }> = {
  "bad-request": {
    meaning: "The request could not be understood as sent, for example a query parameter combination that is not allowed.",
    fix: "Read the detail member for the specific reason, correct the request and send it again.",
  },
  "validation-failed": {
    meaning: "The request was well-formed but some fields break the rules of the resource.",
    fix: "Every invalid field is listed in errors[], with a JSON Pointer (pointer), a dot path (field), a machine-readable code and a message. Fix them all and resend.",
  },
  "invalid-json": {
    meaning: "The request body is not valid JSON.",
    fix: "Check the body with a JSON validator; look for trailing commas, unquoted keys or a truncated body.",
  },
  "invalid-id": {
    meaning: "An id in the path is not a valid Inkwell id (24 hexadecimal characters).",
    fix: "Use the id exactly as the API returned it.",
  },
  "version-required": {
    meaning: "The request has no Service-Version header. Every request under /api must name the API version it was written for.",
    fix: "Send the header Service-Version: 2026-03-15.",
  },
  "unsupported-version": {
    meaning: "The Service-Version header names a version this server does not support.",
    fix: "Use one of the versions listed in supportedVersions, currently 2026-03-15.",
  },
  unauthorized: {
    meaning: "The request carries no credentials, or they are invalid, expired or revoked.",
    fix: "Send Authorization: Service-API-Key <key> with an active API key, or Authorization: Bearer <token> with a valid OAuth access token (refresh it if it expired).",
  },
  "insufficient-scope": {
    meaning: "The OAuth access token is valid but was not granted the scope this operation needs.",
    fix: "Ask the user to authorize your app again with the scope named in the detail member.",
  },
  "forbidden-origin": {
    meaning:
      "A write authenticated by the dashboard's session cookie came from another website (or without an Origin header). This protects users from cross-site request forgery.",
    fix: "Integrations should not use the dashboard session: call the API with an API key or an OAuth access token instead.",
  },
  forbidden: {
    meaning: "The credentials are valid but may not perform this action.",
    fix: "Check which brand and account you are using; ask a brand owner for access if you need it.",
  },
  "not-found": {
    meaning: "There is no such resource in your brand. Resources of other brands are reported as not found too.",
    fix: "Check the id and that you are using credentials for the brand that owns the resource.",
  },
  "method-not-allowed": {
    meaning: "This path exists but does not support the HTTP method used.",
    fix: "See the Allow response header and the API reference for the methods the path supports.",
  },
  conflict: {
    meaning: "The request conflicts with the current state, for example a name or email that must be unique is already taken.",
    fix: "Choose another value, or fetch the existing resource and update it instead.",
  },
  gone: {
    meaning: "The resource existed but has been removed for good, or the feature has been retired.",
    fix: "Stop using this resource; create a new one if you still need it.",
  },
  "payload-too-large": {
    meaning: "The request body is larger than the 1 MB limit.",
    fix: "Send less data per request, for example split a batch into several smaller ones.",
  },
  "automation-enabled": {
    meaning:
      "The automation is enabled: its trigger, blocks, exit conditions and settings cannot change while contacts may be moving through it.",
    fix: "Disable it (POST /api/automations/{id}/disable, choosing whether contacts in the workflow keep going or exit), make the change, then enable it again.",
  },
  "enroll-existing-not-applicable": {
    meaning:
      "enrollExisting was asked for a workflow it cannot apply to: an event-triggered workflow that does not start with a delay, an entered-segment trigger enabled before, or a birthday or product-back-in-stock trigger.",
    fix: "Enable it without enrollExisting (only new trigger events start it), add a delay as the first block, or copy the workflow for a fresh entered-segment enrollment.",
  },
  "channel-unavailable": {
    meaning:
      "A block sends through a channel Inkwell does not offer yet (SMS or push). Inkwell sends email, calls webhooks and changes tags.",
    fix: "Use a sendEmail block, or a sendWebhook block that hands the contact to the service that sends your SMS or push messages.",
  },
  "not-testable": {
    meaning:
      "A test email was asked for a block that sends no email (a delay, a split, a tag or webhook action), or for an email block without saved content.",
    fix: "Name a sendEmail block of the workflow (GET /api/automations/{id} lists them).",
  },
  "template-syntax": {
    meaning: "The template cannot be rendered: a personalization tag opened with [[ is never closed with ]]. The errors list says where.",
    fix: "Close the tag (for example [[contact.first_name | there]]) or remove the stray [[, then render again.",
  },
  "sender-unverified": {
    meaning: "The sender address of the email is not a verified sender of your brand, so Inkwell refuses to send from it.",
    fix: "Under Settings → Sending, verify the address (Inkwell emails it a confirmation link) or its whole domain (publish the DNS records shown there), or send from an address that is already verified.",
  },
  "unsupported-channel": {
    meaning: "The campaign's channel is not one Inkwell sends yet: only email campaigns are accepted (sms and push are not).",
    fix: "Create the campaign with channel email.",
  },
  "unsupported-campaign-type": {
    meaning:
      "The operation does not apply to this kind of campaign (for example an A/B test operation on a campaign that is not an A/B test, or a copy of a booster).",
    fix: "Check the campaign's type: A/B test operations need type abTest; a booster is created for its parent campaign, not copied.",
  },
  "unsupported-media-type": {
    meaning: "The request body is not sent as JSON.",
    fix: "Send the body as JSON with the header Content-Type: application/json.",
  },
  "rate-limited": {
    meaning: "Too many requests were made with these credentials in a short time.",
    fix: "Wait the number of seconds in the Retry-After header (also in retryAfter), then retry. Spread requests out or batch them.",
  },
  "invalid-email": {
    meaning: "A signup form's submission carries something that is not an email address Inkwell could send to.",
    fix: "Enter a whole address, like name@example.com, and send the form again.",
  },
  typo: {
    meaning:
      "A signup form's address looks like a slip of the keyboard on a popular provider's domain (gmial.com for gmail.com). The suggestion member names the likely domain.",
    fix: "Correct the address and send it again; if it is right as typed, send it again with acceptTypo set to true.",
  },
  "disposable-domain": {
    meaning: "A signup form's address is at a provider that hands out throwaway mailboxes, which stop receiving mail soon.",
    fix: "Sign up with an address you keep.",
  },
  "no-mail-domain": {
    meaning: "A signup form's address is at a domain that DNS says receives no email (no MX, A or AAAA records, or a null MX).",
    fix: "Check the address for mistakes and send it again.",
  },
  internal: {
    meaning: "Something unexpected went wrong on the server. No internals are disclosed.",
    fix: "Retry later. If it persists, contact the operator with the request id from the instance member or the X-Request-Id header.",
  },
  "mail-failed": {
    meaning:
      "The test email was rendered, but the SMTP server Inkwell is configured with refused it or could not be reached. The detail quotes the server's answer; the attempt is listed on the Test emails page.",
    fix: "Check SMTP_HOST, SMTP_PORT, SMTP_TLS, SMTP_USER, SMTP_PASSWORD and SMTP_FROM, and that the server accepts the sender address, then send again.",
  },
  "database-unavailable": {
    meaning: "The server cannot reach its database right now.",
    fix: "Retry after a short wait. If it persists, the operator should check the database.",
  },
};
