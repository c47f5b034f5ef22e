// The enabled workflows' triggers and exit conditions by brand and event name, kept in memory by each
// process that processes events (the events worker): looking an event up costs two map reads, so an
// event no workflow names costs nothing more. The index reloads when the version row moved
// (lib/automations/store.ts bumpTriggerVersion: enable, disable, delete), read once per events batch:
// an event processed after an enable commits sees the workflow.
import { sqlReader, type SqlRunner } from "@/lib/db/sql";
import { dateValue, jsonValue, numberValue } from "@/lib/db/values";
import type { ExitCondition, Trigger } from "../model";
import { BUILT_IN_EVENTS } from "../model";

export type IndexedTrigger = { automationId: string; brandId: string; enabledAt: Date; trigger: Trigger };
export type IndexedExit = { automationId: string; brandId: string; exit: ExitCondition };

type BrandIndex = { triggers: Map<string, IndexedTrigger[]>; exits: Map<string, IndexedExit[]> };

// Triggers that no event starts. "product back in stock" is both: the catalog's restocks (a timer) and the
// recommended event a store sends for a contact.
const NOT_EVENTS = new Set<string>([BUILT_IN_EVENTS.birthday, BUILT_IN_EVENTS.enteredSegment, BUILT_IN_EVENTS.subscribed]);

export class TriggerIndex {
  private version = -1;
  private brands = new Map<string, BrandIndex>();

  /** Reloads when the version moved; returns whether any workflow is enabled. */
  async refresh(runner: SqlRunner = sqlReader()): Promise<boolean> {
    const [row] = await runner.all<{ version: unknown }>(`SELECT "version" FROM "AutomationTriggerVersion" WHERE "id" = 1`);
    const version = row ? numberValue(row.version) : 0;
    if (version !== this.version) await this.load(runner, version);
    return this.brands.size > 0;
  }

  private async load(runner: SqlRunner, version: number): Promise<void> {
    const rows = await runner.all<{ id: string; brandId: string; enabledAt: unknown; trigger: unknown; exitConditions: unknown }>(
      `SELECT "id", "brandId", "enabledAt", "trigger", "exitConditions" FROM "Automation" WHERE "isEnabled" = ?bool`,
      [true],
    );
    const brands = new Map<string, BrandIndex>();
    for (const row of rows) {
      const brand = brands.get(row.brandId) ?? { triggers: new Map(), exits: new Map() };
      brands.set(row.brandId, brand);
      const trigger = jsonValue(row.trigger) as Trigger;
      if (!NOT_EVENTS.has(trigger.condition.event)) {
        const list = brand.triggers.get(trigger.condition.event) ?? [];
        list.push({ automationId: row.id, brandId: row.brandId, enabledAt: dateValue(row.enabledAt), trigger });
        brand.triggers.set(trigger.condition.event, list);
      }
      for (const exit of (jsonValue(row.exitConditions) as ExitCondition[] | null) ?? []) {
        const list = brand.exits.get(exit.event) ?? [];
        list.push({ automationId: row.id, brandId: row.brandId, exit });
        brand.exits.set(exit.event, list);
      }
    }
    this.brands = brands;
    this.version = version;
  }

  triggersFor(brandId: string, eventName: string): IndexedTrigger[] {
    return this.brands.get(brandId)?.triggers.get(eventName) ?? [];
  }

  exitsFor(brandId: string, eventName: string): IndexedExit[] {
    return this.brands.get(brandId)?.exits.get(eventName) ?? [];
  }
}

/** Whether an event's identity is the one a trigger or exit condition binds to (the no-origin rule included). */
export function identityMatches(
  bound: { origin?: string; noOrigin?: true },
  event: { origin: string; originInIdentity: boolean },
): boolean {
  if (bound.noOrigin) return !event.originInIdentity;
  // "subscribed to marketing" and other bindings without an origin take any origin.
  if (bound.origin === undefined) return true;
  return event.originInIdentity && event.origin === bound.origin;
}
