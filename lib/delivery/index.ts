// The delivery pipeline's interface (docs/delivery.md): what campaigns, automations and test sends use.
// They create messages and read outcomes; nothing else of lib/delivery is theirs to call.
export { enqueueMessages } from "./queue/enqueue";
export { sendMessagesNow, type SentNow, type TestRecipient } from "./queue/send-now";
export { queueSystemMessageIn, queueSystemMessagesIn, type SystemMessage } from "./queue/enqueue-system";
export { wakeDeliveryWorker } from "./queue/wake";
export { prepareContent, moveUnsentMessages } from "./queue/recontent";
export { createSystemContent, type Content } from "./content";
// The read side (./read): every read of message rows and counters, and every figure's one definition.
export {
  sourceStats,
  sourceStatsByDay,
  messageOutcome,
  recipientsWithout,
  linkClicks,
  type SourceStats,
  type MessageOutcome,
} from "./read/stats";
export { FIGURES, FIGURE_NAMES, figuresOf, emptyCounts, addCounts, type Counts, type Figures, type FigureName } from "./read/figures";
export { brandCounterRows, skipReasons, type BrandCounterRow } from "./read/counter-rows";
export { sourceHours, type HourFigures } from "./read/hour-counters";
export { sourceMessages, messageOwner, type SourceMessageRow } from "./read/source-messages";
export { OUTCOMES, type RecipientOutcome } from "./read/outcomes";
export { listMessages, getMessage } from "./read/messages";
export { isSuppressed } from "./suppressions";
export { recipientVerdicts, type Verdict as RecipientVerdict } from "./eligibility";
export { sourceState, pauseSource, resumeSource, cancelSource, pausedSources, type SourceState } from "./sources";
export { sourceStates } from "./read/source-states";
export { assertVerifiedSender, senderVerdict, deploymentSender } from "./senders/verified-sender";
export { EVENT_NAMES as OUTCOME_EVENT_NAMES } from "./outcomes/outcomes";
export { METRICS, type Metric } from "./counters";
// Revenue attribution (./attribution): the events worker hands it processed order events.
export { attributeOrders, isOrderEvent, ATTRIBUTED_KINDS } from "./attribution/attribute-orders";
export { revenueSettings, type RevenueSettings } from "./attribution/revenue-settings";
export type {
  Source,
  MessageContentInput,
  EnqueueOptions,
  EnqueueRequest,
  EnqueueResult,
  MessageRecipient,
  RecipientHandover,
  RecipientResult,
  MessageStatus,
  MessageMode,
  SendingThreshold,
} from "./schemas";
// Mail that comes back (lib/inbound): its outcomes are recorded as a provider webhook's are, by the same code.
export { applyProviderEvents, noteDelay, type AppliedEvent, type OnceEvent } from "./webhooks/apply-events";
export { messageRefOf, type ProviderEvent } from "./webhooks/provider-event";
export { messageRef } from "./render/render-message";
export { changeSubscription, unsubscribeThrough } from "./recipient-pages";
