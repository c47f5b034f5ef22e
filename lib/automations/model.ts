// An automation as stored (Automation.trigger, .blocks, .exitConditions, .settings are these shapes as
// JSON): the published shapes with server ids, the email block's content id in place of its template id,
// and the few things only Inkwell keeps (an email block's UTM tags, a trigger bound to events sent with
// `compatibility: no-origin`). lib/automations/present.ts turns them into the published response.
import type { DelaySpec, Duration } from "./time";

export type LogicalOperator = "and" | "or";

export const EVENT_OPERATORS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "contains",
  "notContains",
  "startsWith",
  "endsWith",
  "exists",
  "notExists",
  "in",
  "notIn",
] as const;
export type EventOperator = (typeof EVENT_OPERATORS)[number];
export type EventFilter = { field: string; operator: EventOperator; value?: unknown };
export type EventFilterGroup = { logicalOperator: LogicalOperator; filters: EventFilter[] };

export const CONTACT_FIELDS = [
  "segmentID",
  "tag",
  "dateAdded",
  "firstName",
  "lastName",
  "gender",
  "country",
  "state",
  "city",
  "postalCode",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const CONTACT_OPERATORS = ["eq", "neq", "gt", "lt", "contains", "notContains"] as const;
export type ContactOperator = (typeof CONTACT_OPERATORS)[number];
/** The operators each audience field takes (the published table). */
export const CONTACT_FIELD_OPERATORS: Record<ContactField, readonly ContactOperator[]> = {
  segmentID: ["eq", "neq"],
  tag: ["eq", "neq"],
  dateAdded: ["eq", "neq", "gt", "lt"],
  firstName: ["eq", "neq", "contains", "notContains"],
  lastName: ["eq", "neq", "contains", "notContains"],
  gender: ["eq"],
  country: ["eq", "neq", "contains", "notContains"],
  state: ["eq", "neq", "contains", "notContains"],
  city: ["eq", "neq", "contains", "notContains"],
  postalCode: ["eq", "neq", "contains", "notContains"],
};
export type ContactFilter = { field: ContactField; operator: ContactOperator; value: string };
export type ContactFilterGroup = { logicalOperator: LogicalOperator; filters: ContactFilter[] };

export const MESSAGE_OPERATORS = ["openedEmail", "clickedEmail", "clickedSms", "openedPush", "clickedPush"] as const;
export type MessageOperator = (typeof MESSAGE_OPERATORS)[number];
export const URL_MATCH_OPERATORS = ["any", "is", "contains", "startsWith", "endsWith"] as const;
export type UrlMatch = { operator: (typeof URL_MATCH_OPERATORS)[number]; value?: string };
export type SplitFilter =
  | ({ type: "event" } & EventFilter)
  | ({ type: "contact" } & ContactFilter)
  | { type: "message"; field: "blockID"; operator: MessageOperator; value: string; urlMatch?: UrlMatch };
export type SplitFilterGroup = { logicalOperator: LogicalOperator; filters: SplitFilter[] };

export type Utm = { campaign: string; medium: string; source: string };

export type SendEmail = {
  contentId: string;
  isSkipAllowed: boolean;
  language: string;
  preheader: string;
  subject: string;
  senderName: string;
  senderEmail?: string;
  replyToEmail?: string;
  /** the subscription topic it is sent for (lib/topics) */
  topicID?: string;
  /** as set through PUT .../utm ("" or missing: the default) */
  utm?: Utm;
};
export type SendWebhook = { callbackUrl: string; body: string; headers?: { key: string; value: string }[] };
export type TagAction = { value: string };

export type Action =
  | { type: "sendEmail"; sendEmail: SendEmail }
  | { type: "sendWebhook"; sendWebhook: SendWebhook }
  | { type: "addTag"; addTag: TagAction }
  | { type: "removeTag"; removeTag: TagAction };

export type Block =
  | { id: string; type: "delay"; delay: DelaySpec }
  | { id: string; type: "action"; action: Action }
  | { id: string; type: "split"; split: { filterGroup: SplitFilterGroup; trueBlocks: Block[]; falseBlocks: Block[] } }
  | { id: string; type: "abTesting"; abTesting: { aBlocksPercentage: number; aBlocks: Block[]; bBlocks: Block[] } };
export type BlockType = Block["type"];

export const BUILT_IN_EVENTS = {
  birthday: "birthday",
  backInStock: "product back in stock",
  enteredSegment: "entered segment",
  subscribed: "subscribed to marketing",
} as const;

export type TriggerCondition = {
  event: string;
  /** the identity's origin; absent for built-in events and for a trigger bound to no-origin events */
  origin?: string;
  /** bound to events sent with `compatibility: no-origin` (their identity has no origin) */
  noOrigin?: true;
  filterGroups?: EventFilterGroup[];
};
export type Trigger = {
  condition: TriggerCondition;
  audienceFilterGroup?: ContactFilterGroup;
  inactivitySettings?: { duration: { amount: number; units: "m" | "h" | "d" | "w" } };
};

export type ExitCondition = { event: string; origin?: string; noOrigin?: true; filterGroup?: EventFilterGroup };

export type SendingThreshold = "subscribed" | "nonSubscribed" | "all";
export type Settings = {
  sendingThresholds: { email: SendingThreshold; sms: SendingThreshold };
  /** stored in hours (the published reads normalise to the largest whole unit) */
  frequencyLimiter?: { mode: "once" } | { mode: "interval"; hours: number };
  overlapLimiter?: { mode: "currentlyIn"; automationIDs: string[] } | { mode: "recentlyIn"; automationIDs: string[]; withinDays: number };
};

export const DEFAULT_SETTINGS: Settings = { sendingThresholds: { email: "subscribed", sms: "subscribed" } };

export type AutomationRecord = {
  id: string;
  brandId: string;
  name: string;
  isEnabled: boolean;
  trigger: Trigger;
  blocks: Block[];
  exitConditions: ExitCondition[];
  settings: Settings;
  firstEnabledAt: Date | null;
  enabledAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type { DelaySpec, Duration };
