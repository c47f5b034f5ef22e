// Automation rows through the raw SQL layer (lib/db/sql): read as records (lib/automations/model.ts),
// written in the caller's transaction. Every query names the brand.
import { sqlReader, type SqlRunner } from "@/lib/db/sql";
import { boolValue, dateValue, jsonValue } from "@/lib/db/values";
import { ApiProblem } from "@/lib/http/problems";
import { DEFAULT_SETTINGS, type AutomationRecord } from "./model";

export const COLUMNS = `"id", "brandId", "name", "isEnabled", "trigger", "blocks", "exitConditions", "settings", "firstEnabledAt", "enabledAt", "disabledAt", "createdAt", "updatedAt"`;

type Row = Record<string, unknown>;

const maybeDate = (v: unknown) => (v === null || v === undefined ? null : dateValue(v));

export function recordOf(row: Row): AutomationRecord {
  return {
    id: String(row.id),
    brandId: String(row.brandId),
    name: String(row.name),
    isEnabled: boolValue(row.isEnabled),
    trigger: jsonValue(row.trigger) as AutomationRecord["trigger"],
    blocks: jsonValue(row.blocks) as AutomationRecord["blocks"],
    exitConditions: (jsonValue(row.exitConditions) ?? []) as AutomationRecord["exitConditions"],
    settings: { ...DEFAULT_SETTINGS, ...(jsonValue(row.settings) as object) },
    firstEnabledAt: maybeDate(row.firstEnabledAt),
    enabledAt: maybeDate(row.enabledAt),
    disabledAt: maybeDate(row.disabledAt),
    createdAt: dateValue(row.createdAt),
    updatedAt: dateValue(row.updatedAt),
  };
}

export const automationMissing = () => new ApiProblem("not-found", "No automation with this id in your brand");

export async function findAutomation(brandId: string, id: string, runner: SqlRunner = sqlReader()): Promise<AutomationRecord | null> {
  const [row] = await runner.all<Row>(`SELECT ${COLUMNS} FROM "Automation" WHERE "id" = ? AND "brandId" = ?`, [id, brandId]);
  return row ? recordOf(row) : null;
}

export async function getAutomation(brandId: string, id: string, runner?: SqlRunner): Promise<AutomationRecord> {
  const found = await findAutomation(brandId, id, runner);
  if (!found) throw automationMissing();
  return found;
}

/** The definition's columns, in the order both writes below name them. */
const DEFINITION = `"name", "nameLower", "trigger", "triggerEvent", "blocks", "exitConditions", "settings"`;
const definitionValues = (a: AutomationRecord) => [
  a.name,
  a.name.toLowerCase(),
  JSON.stringify(a.trigger),
  a.trigger.condition.event,
  JSON.stringify(a.blocks),
  JSON.stringify(a.exitConditions),
  JSON.stringify(a.settings),
];

/** Inserts a new workflow (disabled). */
export async function insertAutomation(tx: SqlRunner, a: AutomationRecord): Promise<void> {
  await tx.run(
    `INSERT INTO "Automation" ("id", "brandId", "isEnabled", ${DEFINITION}, "firstEnabledAt", "enabledAt", "disabledAt", "createdAt", "updatedAt")
     VALUES (?, ?, ?bool, ?, ?, ?json, ?, ?json, ?json, ?json, ?ts, ?ts, ?ts, ?ts, ?ts)`,
    [a.id, a.brandId, a.isEnabled, ...definitionValues(a), a.firstEnabledAt, a.enabledAt, a.disabledAt, a.createdAt, a.updatedAt],
  );
}

/**
 * Writes a changed definition, only while the workflow is unchanged since `readAt` was read, and disabled
 * unless `enabledToo` (a concurrent edit or enable makes it return false, and the caller reads again).
 */
export async function updateDefinition(tx: SqlRunner, a: AutomationRecord, readAt: Date, enabledToo = false): Promise<boolean> {
  const changed = await tx.run(
    `UPDATE "Automation" SET ("name", "nameLower", "trigger", "triggerEvent", "blocks", "exitConditions", "settings", "updatedAt") =
       (?, ?, ?json, ?, ?json, ?json, ?json, ?ts)
     WHERE "id" = ? AND "brandId" = ? AND "updatedAt" = ?ts ${enabledToo ? "" : `AND "isEnabled" = ?bool`}`,
    [...definitionValues(a), a.updatedAt, a.id, a.brandId, readAt, ...(enabledToo ? [] : [false])],
  );
  return changed === 1;
}

/** Moves the version every process's trigger index compares with (lib/automations/trigger-index.ts). */
export async function bumpTriggerVersion(tx: SqlRunner): Promise<void> {
  await tx.run(
    `INSERT INTO "AutomationTriggerVersion" ("id", "version") VALUES (1, 1)
     ON CONFLICT ("id") DO UPDATE SET "version" = "AutomationTriggerVersion"."version" + 1`,
  );
}
