// The delivery pipeline's interface (docs/delivery.md): what campaigns, automations and test sends use.
// They create messages and read outcomes; nothing else of lib/delivery is theirs to call.
export { enqueueMessages } from "./queue/enqueue";
export { sendMessagesNow, type SentNow, type TestRecipient } from "./queue/send-now";
export {
  sourceStats,
  sourceStatsByDay,
  messageOutcome,
  recipientsWithout,
  linkClicks,
  type SourceStats,
  type MessageOutcome,
} from "./stats";
export { sourceState, pauseSource, resumeSource, cancelSource, type SourceState } from "./sources";
export { listMessages, getMessage } from "./messages";
export { assertVerifiedSender, senderVerdict, deploymentSender } from "./senders/verified-sender";
export { EVENT_NAMES as OUTCOME_EVENT_NAMES } from "./outcomes/outcomes";
export { METRICS, type Metric } from "./counters";
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
