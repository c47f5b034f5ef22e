// What may change while a workflow is enabled: the content of its email steps (subject, preview text,
// sender, reply-to, language, template), as Klaviyo edits live messages. It applies to every email of the
// step not yet sent: a contact waiting before the step gets the new one, and the step's messages still queued
// or paused in the pipeline are moved to the new content in the edit's transaction (./live-queued.ts). Anything that moves
// contacts differently (steps added, removed or moved, delays, splits, the trigger, exit conditions,
// settings, skipping rules), and the name, keeps the published answer: 409 automation-enabled.
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { fieldFromPath, pointerFromPath } from "@/lib/http/zod-errors";
import { readinessErrors } from "./enable-automation";
import { structureOf } from "./history";
import type { Path } from "./issues";
import { LIVE_EMAIL_FIELDS } from "./live-fields";
import type { AutomationRecord } from "./model";
import type { PatchAutomationRequest } from "./schemas";

const LIVE_FIELDS = new Set<string>([...LIVE_EMAIL_FIELDS, "templateID"]);

// field: the dot path without array indices (API-CONTRACT); pointer: with them.
const structural = (path: Path, what: string): FieldError => ({
  field: fieldFromPath(path),
  pointer: pointerFromPath(path),
  code: "structural_change",
  message: `${what} cannot change while the workflow is enabled: contacts are moving through it`,
});

const enabledProblem = (errors: FieldError[]) =>
  new ApiProblem(
    "automation-enabled",
    "The automation is enabled: only the content of its email steps (subject, preview text, sender, reply-to, language, template) can change while it runs. " +
      "Steps, delays, splits, the trigger, exit conditions, settings and the name change how contacts move through it: disable it (POST /api/automations/{id}/disable), change it, then enable it again",
    { errors },
  );

/** Throws 409 automation-enabled naming each part of a PATCH that is not email content. */
export function checkLiveEdit(body: PatchAutomationRequest): void {
  const errors: FieldError[] = [];
  if (body.name !== undefined) errors.push(structural(["name"], "The name"));
  if (body.trigger !== undefined) errors.push(structural(["trigger"], "The trigger"));
  if (body.exitConditions !== undefined) errors.push(structural(["exitConditions"], "Exit conditions"));
  if (body.settings !== undefined) errors.push(structural(["settings"], "Settings"));
  (body.blocks ?? []).forEach((b, i) => {
    const at: Path = ["blocks", i];
    if (b.type !== "action" || b.delay || b.split || b.abTesting) return errors.push(structural(at, `A ${b.type} step`));
    if (!b.action) return;
    if (b.action.type !== "sendEmail") return errors.push(structural([...at, "action"], `A ${b.action.type} step`));
    for (const [key, value] of Object.entries(b.action.sendEmail ?? {}))
      if (value !== undefined && !LIVE_FIELDS.has(key))
        errors.push(structural([...at, "action", "sendEmail", key], `An email step's ${key}`));
  });
  if (errors.length) throw enabledProblem(errors);
}

/** The changed workflow must still be sendable: a sender or template the edit introduced is checked as enable does. */
export async function checkLiveResult(before: AutomationRecord, after: AutomationRecord): Promise<void> {
  if (structureOf(before.blocks) !== structureOf(after.blocks)) throw enabledProblem([structural(["blocks"], "The steps")]);
  const known = new Set((await readinessErrors(before)).map((e) => e.message));
  const added = (await readinessErrors(after)).filter((e) => !known.has(e.message));
  if (added.length)
    throw new ApiProblem(
      "conflict",
      "The change would leave the enabled workflow unable to send: " + added.map((e) => e.message).join("; "),
      {
        errors: added,
      },
    );
}
