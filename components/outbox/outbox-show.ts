// What the Outbox shows (?show=…): every email, the mail of campaigns & automations (mode live), or test
// emails (mode test). A plain module, so the page's server component can read the address with it.
export const OUTBOX_SHOWS = ["all", "campaigns", "tests"] as const;
export type OutboxShow = (typeof OUTBOX_SHOWS)[number];

export const parseOutboxShow = (value: string | string[] | undefined): OutboxShow => OUTBOX_SHOWS.find((s) => s === value) ?? "all";
