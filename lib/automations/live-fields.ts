// The content of an email step that may change while its workflow is enabled (lib/automations/live-edit.ts),
// besides the template it sends (templateID in requests, contentId as stored). One list for the API's live-edit
// check, the history's field-by-field diff and the builder's Save (components/automations/builder/draft.ts).
// No imports, so the browser bundle can take it.
export const LIVE_EMAIL_FIELDS = ["subject", "preheader", "senderName", "senderEmail", "replyToEmail", "language"] as const;
export type LiveEmailField = (typeof LIVE_EMAIL_FIELDS)[number];
