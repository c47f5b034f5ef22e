// The published rules that join several fields of a campaign (what its type, channel and strategy need),
// checked on the whole campaign: a new one, or a draft as a PATCH would leave it. Each broken rule is a
// field error of the request, so every failure is reported at once. Pure: the clock is given.
import type { FieldError } from "@/lib/http/problems";
import { pointerFromPath } from "@/lib/http/zod-errors";
import type { CampaignData, Delay } from "./campaign-data";

const YEAR_MS = 366 * 86_400_000;
const MAX_BOOSTER_DELAY_HOURS = 240;

type Path = (string | number)[];

export function issue(path: Path, code: string, message: string): FieldError {
  return { field: path.filter((p) => typeof p === "string").join("."), pointer: pointerFromPath(path), code, message };
}

function decisionTimeIssues(delay: Delay | undefined, path: Path): FieldError[] {
  if (!delay) return [];
  const max = delay.unit === "h" ? 168 : 7;
  return delay.amount > max
    ? [issue([...path, "amount"], "too_big", `must be at most ${max} ${delay.unit === "h" ? "hours" : "days"}`)]
    : [];
}

export function boosterDelayIssues(delay: Delay, channel: string, path: Path): FieldError[] {
  const hours = delay.unit === "h" ? delay.amount : delay.amount * 24;
  if (hours > MAX_BOOSTER_DELAY_HOURS) return [issue([...path, "amount"], "too_big", "must be at most 240 hours (10 days)")];
  if (delay.amount === 0 && channel !== "sms")
    return [issue([...path, "amount"], "too_small", "must be at least 1 (0 is for SMS boosters)")];
  return [];
}

export type RuleContext = {
  now: Date;
  /** the start of today in the brand's time zone (personalized dates may not be before it) */
  startOfToday: Date;
  /** false: a PATCH that leaves the sending settings alone is not refused for a time that has passed since */
  checkTimes?: boolean;
};

/** Every rule the campaign breaks, as field errors of the request that produced it. */
export function campaignIssues(data: CampaignData, ctx: RuleContext): FieldError[] {
  const out: FieldError[] = [];
  const { type, channel } = data;

  if ((type === "regular" || type === "abTest") && data.name.trim() === "")
    out.push(issue(["name"], "required", "is required for regular and A/B test campaigns"));

  // Content, per type and channel.
  if (type === "regular") {
    if (!data.content) out.push(issue(["content"], "required", "is required for regular campaigns"));
    else if (channel === "email") {
      if (!data.content.email) out.push(issue(["content", "email"], "required", "is required for email campaigns"));
      else if (!data.content.email.templateID)
        out.push(issue(["content", "email", "templateID"], "required", "is required for regular email campaigns"));
    } else if (channel === "sms" && !data.content.sms) out.push(issue(["content", "sms"], "required", "is required for SMS campaigns"));
  }
  if (data.content) {
    if (data.content.email && channel !== "email") out.push(issue(["content", "email"], "not_allowed", "is only for email campaigns"));
    if (data.content.sms && channel !== "sms") out.push(issue(["content", "sms"], "not_allowed", "is only for SMS campaigns"));
  }
  if (type === "abTest") {
    if (data.content) out.push(issue(["content"], "not_allowed", "must be omitted for A/B tests: each variant carries its content"));
    if (!data.abTest) out.push(issue(["abTest"], "required", "is required when type is abTest"));
  } else if (data.abTest) out.push(issue(["abTest"], "not_allowed", "is only for A/B test campaigns"));
  if (type === "booster") {
    if (!data.booster) out.push(issue(["boosterSettings"], "required", "is required when type is booster"));
    if (data.audience.includedSegmentIDs.length > 0 || data.audience.excludedSegmentIDs.length > 0)
      out.push(issue(["audience"], "not_allowed", "must be empty: a booster goes to its parent's recipients"));
  } else if (data.booster) out.push(issue(["boosterSettings"], "not_allowed", "is only for booster campaigns"));

  // A/B settings.
  if (data.abTest) {
    const settings = data.abTest.settings;
    const path = ["abTest", "settings"];
    if (settings.testSizePercent === undefined) out.push(issue([...path, "testSizePercent"], "required", "is required"));
    else if (settings.testSizePercent < 100) {
      if (!settings.winningMetric) out.push(issue([...path, "winningMetric"], "required", "is required unless testSizePercent is 100"));
      if (!settings.decisionTime) out.push(issue([...path, "decisionTime"], "required", "is required unless testSizePercent is 100"));
    }
    out.push(...decisionTimeIssues(settings.decisionTime, [...path, "decisionTime"]));
  }
  if (data.booster?.delay) out.push(...boosterDelayIssues(data.booster.delay, channel, ["boosterSettings", "delay"]));

  // Audience.
  const excluded = new Set(data.audience.excludedSegmentIDs);
  data.audience.includedSegmentIDs.forEach((id, i) => {
    if (excluded.has(id)) out.push(issue(["audience", "includedSegmentIDs", i], "overlap", `segment ${id} is both included and excluded`));
  });

  out.push(...sendingIssues(data, ctx));
  return out;
}

function sendingIssues(data: CampaignData, ctx: RuleContext): FieldError[] {
  const out: FieldError[] = [];
  const { strategy, scheduledAt, optimizeFor, isTZOptimizationEnabled } = data.sending;
  const path = ["sendingSettings"];
  if (strategy === "immediate") {
    if (scheduledAt) out.push(issue([...path, "scheduledAt"], "not_allowed", "must not be set for the immediate strategy"));
  } else if (!scheduledAt) {
    out.push(issue([...path, "scheduledAt"], "required", `is required for the ${strategy} strategy`));
  } else if (ctx.checkTimes === false) {
    // the time was checked when it was set; the send checks it again
  } else if (strategy === "scheduled") {
    if (scheduledAt.getTime() <= ctx.now.getTime()) out.push(issue([...path, "scheduledAt"], "in_past", "must be in the future"));
    else if (scheduledAt.getTime() > ctx.now.getTime() + YEAR_MS)
      out.push(issue([...path, "scheduledAt"], "too_far", "must be within one year"));
  } else {
    if (scheduledAt.getTime() < ctx.startOfToday.getTime())
      out.push(issue([...path, "scheduledAt"], "in_past", "must be today or a later day (in the brand's time zone)"));
    else if (scheduledAt.getTime() > ctx.now.getTime() + YEAR_MS)
      out.push(issue([...path, "scheduledAt"], "too_far", "must be within one year"));
  }
  if (strategy === "personalized") {
    if (!optimizeFor) out.push(issue([...path, "optimizeFor"], "required", "is required for the personalized strategy"));
    if (data.type !== "regular" || data.channel !== "email")
      out.push(issue([...path, "strategy"], "not_allowed", "personalized is only for regular email campaigns"));
    if (isTZOptimizationEnabled)
      out.push(issue([...path, "isTZOptimizationEnabled"], "not_allowed", "applies to the immediate and scheduled strategies only"));
  } else if (optimizeFor) out.push(issue([...path, "optimizeFor"], "not_allowed", "is only for the personalized strategy"));
  if (isTZOptimizationEnabled && data.channel !== "email")
    out.push(issue([...path, "isTZOptimizationEnabled"], "not_allowed", "applies to email campaigns only"));
  return out;
}
