"use client";
// The flow builder page: the workflow on a canvas (./flow-canvas.tsx), the selected step in a side panel,
// Save (PATCH + PUT blocks), undo and redo over the edits not saved yet (buttons, Ctrl/Cmd+Z and
// Shift+Ctrl/Cmd+Z), Enable and Disable with a confirmation saying what happens to contacts in the
// workflow, Simulate (a period of 1 to 90 days, numbers on the canvas), each block's figures, and the
// workflow's history. An enabled workflow changes live only in its emails' content (subject, preview
// text, sender, template: PATCH, lib/automations/live-edit.ts); its structure waits for a disable.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useReducer, useState } from "react";
import { apiFetch, ApiError } from "@/lib/client/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { formatMoney, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { useTopicLookup } from "@/components/topics/topic-picker";
import { topicsQueryKey } from "@/components/topics/topics-client";
import {
  automationKeys,
  blockFigures,
  disableAutomation,
  enableAutomation,
  eventCatalog,
  eventIdentities,
  eventProperties,
  getAutomation,
  latestChange,
  patchAutomation,
  putBlocks,
  simulate,
  type Automation,
  type Block,
  type BlockFigures,
  type Simulation,
} from "../automations-client";
import { AbForm, DelayForm, EmailForm, SplitForm, TagForm, WebhookForm } from "./block-panels";
import {
  allBlocks,
  blocksForPut,
  changesStructure,
  draftOf,
  editsOf,
  editsReducer,
  findBlock,
  keyOf,
  liveEditBody,
  newTemporaryId,
  patchBody,
  type DraftAction,
  type Slot,
} from "./draft";
import { HistoryPanel } from "./history-panel";
import { fieldChoices } from "./filter-rows";
import { FlowCanvas, type FigureCell, type NodeFigures } from "./flow-canvas";
import { SettingsPanel } from "./settings-panel";
import { TriggerPanel } from "./trigger-panel";
import { blockKind, blockSummary, liveSavedWords, notSentReason, outcomeWord, skipWord } from "./words";
import styles from "./builder.module.css";

const STEP_KINDS: { kind: string; label: string; hint: string; make: () => Block }[] = [
  {
    kind: "email",
    label: "Send an email",
    hint: "Pick a template, then a subject",
    make: () => ({
      temporaryID: newTemporaryId(),
      type: "action",
      action: { type: "sendEmail", sendEmail: { language: "en_US", preheader: "", subject: "", senderName: "" } },
    }),
  },
  {
    kind: "delay",
    label: "Wait",
    hint: "For a while, or until a time of day",
    make: () => ({ temporaryID: newTemporaryId(), type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "d" } } }),
  },
  {
    kind: "split",
    label: "Split by a condition",
    hint: "Opened an email, an event property, a contact field",
    make: () => ({
      temporaryID: newTemporaryId(),
      type: "split",
      split: { filterGroup: { logicalOperator: "and", filters: [] }, trueBlocks: [], falseBlocks: [] },
    }),
  },
  {
    kind: "ab",
    label: "A/B test",
    hint: "Send contacts down two branches",
    make: () => ({ temporaryID: newTemporaryId(), type: "abTesting", abTesting: { aBlocksPercentage: 50, aBlocks: [], bBlocks: [] } }),
  },
  {
    kind: "addTag",
    label: "Add a tag",
    hint: "Mark the contact",
    make: () => ({ temporaryID: newTemporaryId(), type: "action", action: { type: "addTag", addTag: { value: "" } } }),
  },
  {
    kind: "removeTag",
    label: "Remove a tag",
    hint: "",
    make: () => ({ temporaryID: newTemporaryId(), type: "action", action: { type: "removeTag", removeTag: { value: "" } } }),
  },
  {
    kind: "webhook",
    label: "Call a webhook",
    hint: "Hand the contact to another service",
    make: () => ({
      temporaryID: newTemporaryId(),
      type: "action",
      action: { type: "sendWebhook", sendWebhook: { callbackUrl: "https://", body: '{"email":"[[contact.email]]"}' } },
    }),
  },
];

type Segment = { segmentID: string; name: string };

/** What the last save said; kept here because a save remounts the builder (its key is the saved version). */
type Notice = { text: string; shown: boolean };

export function AutomationBuilder({ id }: { id: string }) {
  const automation = useQuery({ queryKey: automationKeys.detail(id), queryFn: () => getAutomation(id), staleTime: Infinity });
  const [notice, setNotice] = useState<Notice>({ text: "", shown: false });
  if (automation.isPending)
    return (
      <p className="loading" role="status">
        Loading the workflow…
      </p>
    );
  if (automation.isError) {
    const missing = automation.error instanceof ApiError && automation.error.status === 404;
    return (
      <div className="empty-state" role="alert">
        <h1>{missing ? "Workflow not found" : "Could not load the workflow"}</h1>
        <p>{missing ? "It may have been deleted." : userMessage(automation.error)}</p>
        <Link href="/automations">Back to automations</Link>
      </div>
    );
  }
  return <LoadedBuilder key={automation.data.updatedAt} automation={automation.data} notice={notice} onNotice={setNotice} />;
}

/** The queued emails a live save moved to the new content, from its history entry (undefined when unknown). */
async function queuedBy(written: Automation): Promise<number | undefined> {
  try {
    const entry = await latestChange(written.id);
    return entry?.at === written.updatedAt ? entry.queuedEmails : undefined;
  } catch {
    return undefined;
  }
}

const cell = (value: number, label: string): FigureCell => ({ value: formatNumber(value), label });

/** What each card shows: the simulation's figures while one is shown, else the workflow's own. */
function figuresOf(figures: BlockFigures | undefined, simulation: Simulation | null): Map<string, NodeFigures> {
  const out = new Map<string, NodeFigures>();
  if (simulation) {
    const skipped = Object.values(simulation.skipped).reduce((a, b) => a + b, 0);
    out.set("trigger", { cells: [cell(simulation.entered, "would enter"), cell(skipped, "skipped")], tone: "simulated" });
    for (const b of simulation.blocks) {
      const cells = [cell(b.reached, "would reach")];
      if (b.waiting) cells.push(cell(b.waiting, "still waiting"));
      for (const [k, v] of Object.entries(b.outcomes)) cells.push(cell(v, outcomeWord(k)));
      out.set(b.blockID, { cells: cells.slice(0, 4), tone: "simulated" });
    }
    return out;
  }
  if (!figures) return out;
  out.set("trigger", { cells: [cell(figures.entered, "entered"), cell(figures.inProgress, "in progress")] });
  for (const b of figures.blocks) {
    // An email's card shows what became of its messages (sent, opened, clicked) and the revenue of the orders
    // attributed to it; other steps how many reached them, wait there and went each way.
    const cells = b.emails
      ? [
          cell(b.emails.sent, "sent"),
          cell(b.emails.opened, "opened"),
          cell(b.emails.clicked, "clicked"),
          { value: formatMoney(b.emails.revenue, figures.currency), label: "revenue" },
        ]
      : [
          cell(b.reached, "reached"),
          ...(b.waiting ? [cell(b.waiting, "waiting")] : []),
          ...Object.entries(b.outcomes).map(([k, v]) => cell(v, outcomeWord(k))),
        ];
    out.set(b.blockID, { cells: cells.slice(0, 4) });
  }
  return out;
}

function LoadedBuilder({ automation, notice, onNotice }: { automation: Automation; notice: Notice; onNotice: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [edits, dispatchEdit] = useReducer(editsReducer, automation, (a) => editsOf(draftOf(a)));
  const draft = edits.present;
  const dispatch = useCallback((action: DraftAction) => dispatchEdit({ ...action, at: Date.now() }), []);
  const undo = useCallback(() => dispatchEdit({ type: "undo" }), []);
  const redo = useCallback(() => dispatchEdit({ type: "redo" }), []);
  const [selected, setSelected] = useState<string | null>("trigger");
  const [adding, setAdding] = useState<{ slot: Slot; after: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<ApiError | Error | null>(null);
  const [confirm, setConfirm] = useState<"enable" | "disable" | null>(null);
  const [simulation, setSimulation] = useState<{ result: Simulation; days: number } | null>(null);
  const [simulating, setSimulating] = useState(false);
  const [days, setDays] = useState(30);
  /** Enabled: the structure is read-only, the emails' content changes live. */
  const live = automation.isEnabled;
  const readOnly = live;
  const router = useRouter();
  const saved = useMemo(() => draftOf(automation), [automation]);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  const structural = live && dirty && changesStructure(draft, saved);
  const validDays = Number.isInteger(days) && days >= 1 && days <= 90;

  useEffect(() => {
    // Ctrl/Cmd+Z undoes the builder's last edit, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes it, in its fields too
    // (they show the draft, so the draft's history is theirs); not while a dialog is open over it.
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || document.querySelector("dialog[open]")) return;
      const key = e.key.toLowerCase();
      if (key === "z") {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      } else if (key === "y" && e.ctrlKey && !e.shiftKey) {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const identities = useQuery({ queryKey: ["event-identities"], queryFn: eventIdentities, staleTime: 60_000 });
  const catalog = useQuery({ queryKey: ["event-catalog"], queryFn: eventCatalog, staleTime: 60_000 });
  const catalogNames = useMemo(() => [...new Set((catalog.data?.events ?? []).map((e) => e.name))], [catalog.data]);
  const segments = useQuery({
    queryKey: ["automations", "segment-choices"],
    queryFn: () => apiFetch<{ segments: Segment[] }>("/api/segments?limit=50&sort=name&direction=asc"),
    staleTime: 60_000,
  });
  const others = useQuery({
    queryKey: automationKeys.page(undefined),
    queryFn: () => apiFetch<{ automations: Automation[] }>("/api/automations?limit=100"),
    staleTime: 30_000,
  });
  const event = draft.trigger.condition.event;
  const properties = useQuery({
    queryKey: ["event-properties", event],
    queryFn: () => eventProperties(event),
    enabled: event.length > 0,
    staleTime: 60_000,
  });
  const figures = useQuery({
    queryKey: automationKeys.blockFigures(automation.id),
    queryFn: () => blockFigures(automation.id),
    refetchInterval: automation.isEnabled ? 30_000 : false,
  });

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const segmentChoices = (segments.data?.segments ?? []).map((s) => ({ id: s.segmentID, name: s.name }));
  const topicLookup = useTopicLookup(
    allBlocks(draft.blocks).some((b) => b.type === "action" && b.action.type === "sendEmail" && b.action.sendEmail.topicID),
  );
  const eventFields = fieldChoices(properties.data?.events.find((e) => e.name === event)?.properties);
  const selectedBlock = selected && selected !== "trigger" && selected !== "settings" ? findBlock(draft.blocks, selected) : undefined;

  async function save(): Promise<Automation | null> {
    setSaving(true);
    setProblem(null);
    try {
      let written: Automation;
      let queued: number | undefined;
      if (live) {
        // Only the emails' content, and only what changed: anything else is refused while enabled.
        const body = liveEditBody(draft, saved);
        written = body ? await patchAutomation(automation.id, body) : automation;
        // The edit's history entry says how many queued emails took it; the save stands without it.
        if (body) queued = await queuedBy(written);
      } else {
        await patchAutomation(automation.id, patchBody(draft));
        written = await putBlocks(automation.id, blocksForPut(draft.blocks));
      }
      // A live save that reached queued emails says so on the page too, until the next edit.
      onNotice({ text: live ? liveSavedWords(queued) : "Saved.", shown: Boolean(live && queued) });
      queryClient.setQueryData(automationKeys.detail(automation.id), written);
      void queryClient.invalidateQueries({ queryKey: automationKeys.all });
      return written;
    } catch (error) {
      setProblem(error as Error);
      // A topic deleted since the list was read is refused: read the list again, so the card and the panel mark it.
      void queryClient.invalidateQueries({ queryKey: topicsQueryKey });
      return null;
    } finally {
      setSaving(false);
    }
  }

  /** Leaves for another page (the template editor) without losing the draft: saved first. */
  async function leaveTo(href: string) {
    if (dirty && !(await save())) return;
    router.push(href);
  }

  async function runSimulation() {
    setSimulating(true);
    setProblem(null);
    try {
      if (dirty && !live && !(await save())) return;
      setSimulation({ result: await simulate(automation.id, days), days });
    } catch (error) {
      setProblem(error as Error);
    } finally {
      setSimulating(false);
    }
  }

  const waitingNow = figures.data?.inProgress ?? 0;

  return (
    <div className={`${styles.builder} page-wide`}>
      <header className={styles.header}>
        <Link href="/automations" className={styles.back}>
          ← Automations
        </Link>
        <label className="visually-hidden" htmlFor={`${headingId}-name`}>
          Workflow name
        </label>
        <input
          id={`${headingId}-name`}
          title={readOnly ? "The name changes once the workflow is disabled" : undefined}
          className={`input ${styles.name}`}
          value={draft.name}
          readOnly={readOnly}
          onChange={(e) => dispatch({ type: "rename", name: e.target.value })}
        />
        <span className={`badge ${automation.isEnabled ? "badge-success" : "badge-muted"}`}>
          {automation.isEnabled ? "Enabled" : "Draft (disabled)"}
        </span>
        <div className={styles.tools} role="toolbar" aria-label="Workflow">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-pressed={selected === "settings"}
            onClick={() => setSelected("settings")}
          >
            Settings
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-pressed={selected === "history"}
            onClick={() => setSelected("history")}
          >
            History
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={undo}
            disabled={edits.past.length === 0}
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Undo (Ctrl/Cmd+Z)"
          >
            Undo
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={redo}
            disabled={edits.future.length === 0}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
            title="Redo (Shift+Ctrl/Cmd+Z)"
          >
            Redo
          </button>
          <form
            className={styles.simulate}
            onSubmit={(e) => {
              e.preventDefault();
              if (validDays) void runSimulation();
            }}
          >
            <label htmlFor={`${headingId}-days`}>Simulation period</label>
            <input
              id={`${headingId}-days`}
              className="input input-sm"
              type="number"
              inputMode="numeric"
              min={1}
              max={90}
              step={1}
              value={Number.isNaN(days) ? "" : days}
              aria-invalid={!validDays || undefined}
              aria-describedby={`${headingId}-days-hint`}
              onChange={(e) => setDays(e.target.valueAsNumber)}
            />
            <span id={`${headingId}-days-hint`}>{days === 1 ? "day" : "days"} (1 to 90)</span>
            <button type="submit" className="btn btn-secondary btn-sm" disabled={simulating || !validDays}>
              {simulating ? "Simulating…" : validDays ? `Simulate last ${days === 1 ? "day" : `${days} days`}` : "Simulate"}
            </button>
          </form>
          <button type="button" className="btn btn-secondary btn-sm" onClick={save} disabled={saving || !dirty || structural}>
            {saving ? "Saving…" : dirty ? "Save" : "Saved"}
          </button>
          {automation.isEnabled ? (
            <button type="button" className="btn btn-danger btn-sm" onClick={() => setConfirm("disable")}>
              Disable
            </button>
          ) : (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfirm("enable")}>
              Enable
            </button>
          )}
        </div>
      </header>
      <p role="status" className={notice.shown && !dirty ? "muted" : "visually-hidden"}>
        {notice.text}
      </p>
      {!validDays && (
        <p className="field-error" role="alert">
          The simulation covers 1 to 90 days.
        </p>
      )}
      {live && (
        <p className={`alert alert-info ${styles.banner}`}>
          This workflow is enabled: {formatNumber(waitingNow)} {waitingNow === 1 ? "contact is" : "contacts are"} in it. You can change its
          emails&apos; subject, preview text, sender and template now: the change applies to every email not sent yet. Adding, removing or
          moving steps, the trigger and the settings change how contacts move through it, so they wait until you disable it.
        </p>
      )}
      {figures.data?.emailsPaused && (
        <p className={`alert alert-warning ${styles.banner}`} role="status">
          The delivery pipeline holds this workflow&apos;s emails: {figures.data.emailsPaused}. Fix the cause, then disable the workflow
          (keeping its contacts) and enable it again to send them.
        </p>
      )}
      {problem && <ProblemList error={problem} blocks={draft.blocks} onClose={() => setProblem(null)} />}
      {simulation && (
        <SimulationSummary
          simulation={simulation.result}
          days={simulation.days}
          blocks={draft.blocks}
          onClose={() => setSimulation(null)}
        />
      )}
      <div className={styles.workspace}>
        <FlowCanvas
          blocks={draft.blocks}
          trigger={draft.trigger}
          selected={selected}
          readOnly={readOnly}
          figures={figuresOf(figures.data, simulation?.result ?? null)}
          onSelect={setSelected}
          onAdd={(slot, after) => setAdding({ slot, after })}
          segmentName={(sid) => segmentChoices.find((s) => s.id === sid)?.name}
          topic={topicLookup}
        />
        <aside className={styles.panel} aria-labelledby={`${headingId}-panel`}>
          <h2 id={`${headingId}-panel`} className={styles.panelTitle}>
            {selected === "settings"
              ? "Workflow settings"
              : selected === "history"
                ? "History"
                : selected === "trigger"
                  ? "Trigger"
                  : selectedBlock
                    ? blockKind(selectedBlock)
                    : "Nothing selected"}
          </h2>
          {selected === "trigger" && (
            <>
              <TriggerPanel
                trigger={draft.trigger}
                onChange={(trigger) => dispatch({ type: "setTrigger", trigger })}
                identities={identities.data?.identities ?? []}
                catalog={catalogNames}
                eventFields={eventFields}
                segments={segmentChoices}
                readOnly={readOnly}
              />
              {!readOnly && (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => setAdding({ slot: { parent: null, branch: null, index: 0 }, after: "after the trigger" })}
                >
                  Add a step after the trigger
                </button>
              )}
            </>
          )}
          {selected === "history" && <HistoryPanel automation={automation} blocks={draft.blocks} />}
          {selected === "settings" && (
            <SettingsPanel
              exits={draft.exitConditions}
              settings={draft.settings}
              onExits={(exitConditions) => dispatch({ type: "setExits", exitConditions })}
              onSettings={(settings) => dispatch({ type: "setSettings", settings })}
              identities={identities.data?.identities ?? []}
              catalog={catalogNames}
              others={(others.data?.automations ?? []).filter((a) => a.id !== automation.id).map((a) => ({ id: a.id, name: a.name }))}
              readOnly={readOnly}
            />
          )}
          {selectedBlock && (
            <BlockPanel
              block={selectedBlock}
              blocks={draft.blocks}
              automationId={automation.id}
              readOnly={readOnly}
              live={live}
              eventFields={eventFields}
              segments={segmentChoices}
              onChange={(block) => dispatch({ type: "update", key: keyOf(selectedBlock), block })}
              onReplace={(block) => {
                dispatch({ type: "update", key: keyOf(selectedBlock), block });
                setSelected(keyOf(block));
              }}
              onRemove={() => {
                dispatch({ type: "remove", key: keyOf(selectedBlock) });
                setSelected("trigger");
              }}
              onLeave={(href) => void leaveTo(href)}
            />
          )}
        </aside>
      </div>
      <AddStepDialog
        open={adding !== null}
        where={adding?.after ?? ""}
        onClose={() => setAdding(null)}
        onPick={(block) => {
          if (!adding) return;
          dispatch({ type: "insert", slot: adding.slot, block });
          setAdding(null);
          setSelected(keyOf(block));
        }}
      />
      <EnableDialog
        open={confirm === "enable"}
        automation={automation}
        dirty={dirty}
        onClose={() => setConfirm(null)}
        onEnable={async (enrollExisting) => {
          if (dirty && !(await save())) return;
          const enabled = await enableAutomation(automation.id, enrollExisting);
          queryClient.setQueryData(automationKeys.detail(automation.id), enabled);
          void queryClient.invalidateQueries({ queryKey: automationKeys.all });
          setConfirm(null);
        }}
      />
      <DisableDialog
        open={confirm === "disable"}
        inWorkflow={waitingNow}
        onClose={() => setConfirm(null)}
        onDisable={async (mode) => {
          const disabled = await disableAutomation(automation.id, mode);
          queryClient.setQueryData(automationKeys.detail(automation.id), disabled);
          void queryClient.invalidateQueries({ queryKey: automationKeys.all });
          setConfirm(null);
        }}
      />
    </div>
  );
}

function BlockPanel(props: {
  block: Block;
  blocks: Block[];
  automationId: string;
  readOnly: boolean;
  live: boolean;
  eventFields: ReturnType<typeof fieldChoices>;
  segments: { id: string; name: string }[];
  onChange: (b: Block) => void;
  onReplace: (b: Block) => void;
  onRemove: () => void;
  onLeave: (href: string) => void;
}) {
  const { block, onChange, readOnly } = props;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const branches = block.type === "split" || block.type === "abTesting" ? allBlocks([block]).length - 1 : 0;
  return (
    <div className={styles.blockPanel}>
      <p className="hint">{blockSummary(block, props.blocks)}</p>
      {block.type === "delay" && <DelayForm block={block} onChange={onChange} readOnly={readOnly} />}
      {block.type === "action" && block.action.type === "sendEmail" && (
        <EmailForm
          block={block as never}
          onChange={onChange}
          onReplace={props.onReplace}
          readOnly={readOnly && !props.live}
          live={props.live}
          automationId={props.automationId}
          saved={Boolean(block.id)}
          onLeave={props.onLeave}
        />
      )}
      {block.type === "action" && block.action.type === "sendWebhook" && (
        <WebhookForm block={block as never} onChange={onChange} readOnly={readOnly} />
      )}
      {block.type === "action" && (block.action.type === "addTag" || block.action.type === "removeTag") && (
        <TagForm block={block} onChange={onChange} readOnly={readOnly} />
      )}
      {block.type === "split" && (
        <SplitForm
          block={block}
          blocks={props.blocks}
          eventFields={props.eventFields}
          onChange={onChange}
          readOnly={readOnly}
          segments={props.segments}
        />
      )}
      {block.type === "abTesting" && <AbForm block={block} onChange={onChange} readOnly={readOnly} />}
      {readOnly && props.live && !(block.type === "action" && block.action.type === "sendEmail") ? (
        <p className="hint">The workflow is enabled: this step changes how contacts move through it. Disable the workflow to change it.</p>
      ) : null}
      {!readOnly &&
        (confirmRemove ? (
          <div role="alertdialog" aria-label="Remove this step" className={styles.confirm}>
            <p>Remove this step{branches > 0 ? ` and the ${branches} ${branches === 1 ? "step" : "steps"} in its branches` : ""}?</p>
            <button type="button" className="btn btn-danger btn-sm" onClick={props.onRemove}>
              Remove
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmRemove(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-danger-ghost btn-sm" onClick={() => setConfirmRemove(true)}>
            Remove this step
          </button>
        ))}
    </div>
  );
}

function AddStepDialog({
  open,
  where,
  onClose,
  onPick,
}: {
  open: boolean;
  where: string;
  onClose: () => void;
  onPick: (b: Block) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Add a step">
      <p className="hint">{where ? `The new step goes ${where}.` : ""}</p>
      <ul className={styles.stepKinds}>
        {STEP_KINDS.map((k) => (
          <li key={k.kind}>
            <button type="button" className={styles.stepKind} onClick={() => onPick(k.make())}>
              <strong>{k.label}</strong>
              {k.hint && <span className="hint">{k.hint}</span>}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        Cancel
      </button>
    </Dialog>
  );
}

function EnableDialog({
  open,
  automation,
  dirty,
  onClose,
  onEnable,
}: {
  open: boolean;
  automation: Automation;
  dirty: boolean;
  onClose: () => void;
  onEnable: (enrollExisting: boolean) => Promise<void>;
}) {
  const [enrollExisting, setEnrollExisting] = useState(false);
  const event = automation.trigger.condition.event;
  const canEnrollExisting = !["birthday", "product back in stock", "subscribed to marketing"].includes(event);
  return (
    <Dialog open={open} onClose={onClose} title="Enable this workflow?" role="alertdialog">
      <p>
        From now on, every contact who triggers it enters it{dirty ? " (your unsaved changes are saved first)" : ""}. While enabled, only
        its emails&apos; content (subject, preview text, sender, template) can change.
      </p>
      {canEnrollExisting && (
        <label className={styles.choice}>
          <input type="checkbox" checked={enrollExisting} onChange={(e) => setEnrollExisting(e.target.checked)} />{" "}
          {event === "entered segment"
            ? "Also enroll everyone in the segment now (only the first time it is enabled)"
            : "Also enroll contacts whose trigger happened within the first wait (the workflow must start with a wait)"}
        </label>
      )}
      <ConfirmActions label="Enable" busyLabel="Enabling…" tone="primary" onConfirm={() => onEnable(enrollExisting)} onClose={onClose} />
    </Dialog>
  );
}

function DisableDialog({
  open,
  inWorkflow,
  onClose,
  onDisable,
}: {
  open: boolean;
  inWorkflow: number;
  onClose: () => void;
  onDisable: (mode: "keep" | "exit") => Promise<void>;
}) {
  const [mode, setMode] = useState<"keep" | "exit">("keep");
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} title="Disable this workflow?" role="alertdialog">
      <p>
        No one new enters it. {formatNumber(inWorkflow)} {inWorkflow === 1 ? "contact is" : "contacts are"} in it now:
      </p>
      <label className={styles.choice}>
        <input type="radio" name={`${id}-mode`} checked={mode === "keep"} onChange={() => setMode("keep")} /> Let them finish: they go on
        through the remaining steps
      </label>
      <label className={styles.choice}>
        <input type="radio" name={`${id}-mode`} checked={mode === "exit"} onChange={() => setMode("exit")} /> Take them out now: they get
        nothing more from it
      </label>
      <ConfirmActions label="Disable" busyLabel="Disabling…" tone="danger" onConfirm={() => onDisable(mode)} onClose={onClose} />
    </Dialog>
  );
}

/** A confirmation's buttons: the action (busy while it runs, its error shown) and Cancel. */
function ConfirmActions({
  label,
  busyLabel,
  tone,
  onConfirm,
  onClose,
}: {
  label: string;
  busyLabel: string;
  tone: "primary" | "danger";
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className={styles.row}>
        <button
          type="button"
          className={`btn btn-${tone}`}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (e) {
              setError(userMessage(e));
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? busyLabel : label}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </>
  );
}

/** The API's field errors, each pointing at the step it is about. */
/** A refused field in words ("topicID names no subscription topic of this brand" reads "Topic names ..."). */
const fieldWord = (field: string) => ({ topicID: "Topic", templateID: "Template" })[field] ?? field;

function ProblemList({ error, blocks, onClose }: { error: Error; blocks: Block[]; onClose: () => void }) {
  const errors = error instanceof ApiError ? error.errors : [];
  const where = (pointer: string) => {
    const path = pointer.split("/").filter(Boolean);
    if (path[0] !== "blocks")
      return path[0] === "trigger" ? "Trigger" : path[0] === "settings" || path[0] === "exitConditions" ? "Settings" : "";
    let seq = blocks;
    let block: Block | undefined;
    for (let i = 1; i < path.length; i++) {
      const index = Number(path[i]);
      if (!Number.isInteger(index)) {
        const branch = path[i];
        if (block?.type === "split" && (branch === "trueBlocks" || branch === "falseBlocks")) seq = block.split[branch];
        else if (block?.type === "abTesting" && (branch === "aBlocks" || branch === "bBlocks")) seq = block.abTesting[branch];
        continue;
      }
      block = seq[index];
    }
    return block ? blockSummary(block, blocks) : "A step";
  };
  return (
    <div className="alert alert-error" role="alert">
      <p>{userMessage(error)}</p>
      {errors.length > 0 && (
        <ul>
          {errors.map((e, i) => (
            <li key={i}>
              {where(e.pointer) ? <strong>{where(e.pointer)}: </strong> : null}
              {fieldWord(e.field.split(".").pop() ?? "")} {e.message}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
        Dismiss
      </button>
    </div>
  );
}

function SimulationSummary({
  simulation,
  days,
  blocks,
  onClose,
}: {
  simulation: Simulation;
  days: number;
  blocks: Block[];
  onClose: () => void;
}) {
  const skipped = Object.entries(simulation.skipped);
  const stepOf = (blockID: string) => {
    const block = findBlock(blocks, blockID);
    return block ? blockSummary(block, blocks) : "An email";
  };
  return (
    <section className={`card ${styles.simulation}`} aria-label="Simulation">
      <h2 className="card-title">In the last {days === 1 ? "day" : `${formatNumber(days)} days`} this workflow would have…</h2>
      <p>
        found {formatNumber(simulation.triggers)} {simulation.triggers === 1 ? "trigger" : "triggers"}:{" "}
        <strong>
          {formatNumber(simulation.entered)} {simulation.entered === 1 ? "contact" : "contacts"} entered
        </strong>
        , {formatNumber(simulation.completed)} finished, {formatNumber(simulation.exited)} left through an exit condition,{" "}
        {formatNumber(simulation.stillIn)} would still be waiting now
        {simulation.canceled ? `, ${formatNumber(simulation.canceled)} stopped at an email they could not be sent` : ""}. Nothing was sent.
      </p>
      {skipped.length > 0 && (
        <p>
          Skipped:{" "}
          {skipped.map(([reason, n], i) => (
            <span key={reason}>
              {i > 0 ? ", " : ""}
              {formatNumber(n)} {skipWord(reason)}
            </span>
          ))}
          .
        </p>
      )}
      {simulation.samples.skipped.length > 0 && (
        <details>
          <summary>Who was skipped (examples)</summary>
          <ul>
            {simulation.samples.skipped.map((s, i) => (
              <li key={i}>
                <Link href={`/contacts/${s.contactID}`}>{s.email ?? s.contactID}</Link>: {skipWord(s.reason ?? "")}
              </li>
            ))}
          </ul>
        </details>
      )}
      {simulation.samples.notSent.length > 0 && (
        <details>
          <summary>Who an email would not have been sent to (examples)</summary>
          <ul>
            {simulation.samples.notSent.map((s, i) => (
              <li key={i}>
                <Link href={`/contacts/${s.contactID}`}>{s.email ?? s.contactID}</Link>: {notSentReason(s.reason)} ({stepOf(s.blockID)})
              </li>
            ))}
          </ul>
        </details>
      )}
      <details>
        <summary>What the simulation assumes</summary>
        <ul>
          {simulation.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </details>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
        Hide the simulation
      </button>
    </section>
  );
}
