// The outcomes a source's recipients are filtered by (a report's recipients table, its CSV). Free of
// server code: the dashboard's client imports it through the report's schemas.
export const OUTCOMES = [
  "sent",
  "opened",
  "clicked",
  "notOpened",
  "bounced",
  "unsubscribed",
  "complained",
  "skipped",
  "failed",
  "pending",
] as const;
export type RecipientOutcome = (typeof OUTCOMES)[number];
