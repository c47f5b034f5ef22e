// A stored workflow as the published Automation: an email block shows its contentID, no internal
// fields, fields without a value left out (the published schemas declare none of them nullable), and the
// frequency interval in the largest whole unit (7 d reads as 1 w).
import type { AutomationRecord, Block, Settings, Utm } from "./model";

export type PublishedBlock = Record<string, unknown> & { id: string; type: string };

function presentBlock(block: Block): PublishedBlock {
  switch (block.type) {
    case "delay":
      return { id: block.id, type: "delay", delay: block.delay };
    case "action": {
      const action = block.action;
      if (action.type === "sendEmail") {
        const { contentId, utm: _utm, ...rest } = action.sendEmail;
        return { id: block.id, type: "action", action: { type: "sendEmail", sendEmail: { contentID: contentId, ...rest } } };
      }
      return { id: block.id, type: "action", action };
    }
    case "split":
      return {
        id: block.id,
        type: "split",
        split: {
          filterGroup: block.split.filterGroup,
          trueBlocks: block.split.trueBlocks.map(presentBlock),
          falseBlocks: block.split.falseBlocks.map(presentBlock),
        },
      };
    case "abTesting":
      return {
        id: block.id,
        type: "abTesting",
        abTesting: {
          aBlocksPercentage: block.abTesting.aBlocksPercentage,
          aBlocks: block.abTesting.aBlocks.map(presentBlock),
          bBlocks: block.abTesting.bBlocks.map(presentBlock),
        },
      };
  }
}

export function presentBlocks(blocks: Block[]): PublishedBlock[] {
  return blocks.map(presentBlock);
}

/** Hours as the published FrequencyIntervalDuration: weeks, else days, else hours. */
export function normalizedInterval(hours: number): { amount: number; units: "h" | "d" | "w" } {
  if (hours % 168 === 0) return { amount: hours / 168, units: "w" };
  if (hours % 24 === 0) return { amount: hours / 24, units: "d" };
  return { amount: hours, units: "h" };
}

export function presentSettings(settings: Settings) {
  const out: Record<string, unknown> = { sendingThresholds: settings.sendingThresholds };
  const f = settings.frequencyLimiter;
  if (f) out.frequencyLimiter = f.mode === "once" ? { mode: "once" } : { mode: "interval", duration: normalizedInterval(f.hours) };
  if (settings.overlapLimiter) out.overlapLimiter = settings.overlapLimiter;
  return out;
}

export function presentAutomation(a: AutomationRecord) {
  const { event, origin, filterGroups } = a.trigger.condition;
  return {
    id: a.id,
    brandID: a.brandId,
    name: a.name,
    isEnabled: a.isEnabled,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    ...(a.enabledAt ? { enabledAt: a.enabledAt.toISOString() } : {}),
    ...(a.disabledAt ? { disabledAt: a.disabledAt.toISOString() } : {}),
    trigger: {
      condition: { event, ...(origin ? { origin } : {}), ...(filterGroups?.length ? { filterGroups } : {}) },
      ...(a.trigger.audienceFilterGroup ? { audienceFilterGroup: a.trigger.audienceFilterGroup } : {}),
      ...(a.trigger.inactivitySettings ? { inactivitySettings: a.trigger.inactivitySettings } : {}),
    },
    blocks: presentBlocks(a.blocks),
    exitConditions: a.exitConditions.map(({ event, origin, filterGroup }) => ({
      event,
      ...(origin ? { origin } : {}),
      ...(filterGroup ? { filterGroup } : {}),
    })),
    settings: presentSettings(a.settings),
  };
}

/** An email block's UTM tags: as set, each empty or missing one replaced by its default. */
export function utmTags(a: Pick<AutomationRecord, "id" | "name">, utm: Utm | undefined): Utm {
  return {
    campaign: utm?.campaign || `automation: ${a.name} (${a.id})`,
    medium: utm?.medium || "email",
    source: utm?.source || "inkwell",
  };
}
