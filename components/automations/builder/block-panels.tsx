"use client";
// The side panel's forms for the selected block: each edits the block through the draft's `update`
// action; saved with the rest of the workflow. Every control has a label; choices are native selects,
// radios and checkboxes, so they work with the keyboard and screen readers as the browser makes them.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { TopicPicker } from "@/components/topics/topic-picker";
import { userMessage } from "@/components/ui/messages";
import { LANGUAGES } from "@/lib/delivery/languages";
import type { Block, Delay, SendEmail, SplitFilter, Units, Weekday } from "../automations-client";
import { searchTemplates, sendBlockTest } from "../automations-client";
import { CONTACT_MERGE_TAGS, mergeTagText } from "@/lib/templates/merge-tags";
import { allBlocks, keyOf, templateOf } from "./draft";
import { readableTags } from "./words";
import { UnitSelect } from "./choices";
import { FilterRows, type FieldChoice } from "./filter-rows";
import styles from "./builder.module.css";

const WEEKDAYS: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

type Change = (block: Block) => void;

export function DelayForm({
  block,
  onChange,
  readOnly,
}: {
  block: Extract<Block, { type: "delay" }>;
  onChange: Change;
  readOnly: boolean;
}) {
  const id = useId();
  const delay = block.delay;
  const set = (next: Delay) => onChange({ ...block, delay: next });
  const mode = (m: Delay["mode"]) =>
    set({
      mode: m,
      ...(m === "duration" ? { duration: delay.duration ?? { amount: 1, units: "d" } } : {}),
      ...(m === "specificTime" ? { time: delay.time ?? "09:00" } : {}),
      ...(delay.allowedWeekdays ? { allowedWeekdays: delay.allowedWeekdays } : {}),
    });
  return (
    <fieldset className={styles.fieldset} disabled={readOnly}>
      <legend className={styles.legend}>How long to wait</legend>
      {(
        [
          ["duration", "For a while"],
          ["specificTime", "Until a time of day (the brand's time zone)"],
          ["immediate", "Not at all: continue at once"],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className={styles.choice}>
          <input type="radio" name={`${id}-mode`} checked={delay.mode === value} onChange={() => mode(value)} /> {label}
        </label>
      ))}
      {delay.mode === "duration" && (
        <div className={styles.inline}>
          <label className="label" htmlFor={`${id}-amount`}>
            Wait for
          </label>
          <input
            id={`${id}-amount`}
            className="input input-sm"
            type="number"
            min={1}
            value={delay.duration?.amount ?? 1}
            onChange={(e) =>
              set({ ...delay, duration: { amount: Math.max(1, Number(e.target.value) || 1), units: delay.duration?.units ?? "d" } })
            }
          />
          <label className="visually-hidden" htmlFor={`${id}-units`}>
            Unit
          </label>
          <UnitSelect
            id={`${id}-units`}
            value={delay.duration?.units ?? "d"}
            units={["m", "h", "d", "w", "M"] as Units[]}
            onChange={(units) => set({ ...delay, duration: { amount: delay.duration?.amount ?? 1, units } })}
          />
        </div>
      )}
      {delay.mode === "specificTime" && (
        <div className="field">
          <label className="label" htmlFor={`${id}-time`}>
            Continue at
          </label>
          <input
            id={`${id}-time`}
            className="input input-sm"
            type="time"
            value={delay.time ?? "09:00"}
            onChange={(e) => set({ ...delay, time: e.target.value })}
          />
          <p className="hint">The next day when that time has passed today.</p>
        </div>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Only continue on</legend>
        <div className={styles.weekdays}>
          {WEEKDAYS.map((day) => {
            const allowed = delay.allowedWeekdays ?? [];
            const on = allowed.length === 0 || allowed.includes(day);
            return (
              <label key={day} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() => {
                    const current = allowed.length === 0 ? WEEKDAYS : allowed;
                    const next = on ? current.filter((d) => d !== day) : [...current, day];
                    const { allowedWeekdays: _omit, ...rest } = delay;
                    set(
                      next.length === 0 || next.length === 7
                        ? rest
                        : { ...rest, allowedWeekdays: WEEKDAYS.filter((d) => next.includes(d)) },
                    );
                  }}
                />{" "}
                {cap(day).slice(0, 3)}
              </label>
            );
          })}
        </div>
        <p className="hint">Unticked days move the end of the wait to the next ticked day, at the same time.</p>
      </fieldset>
    </fieldset>
  );
}

function TemplatePicker({
  value,
  onPick,
  disabled,
}: {
  value: string | null;
  onPick: (id: string, name: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  const templates = useQuery({ queryKey: ["automations", "templates", search], queryFn: () => searchTemplates(search) });
  return (
    <div className="field">
      <label className="label" htmlFor={`${id}-search`}>
        Find a template
      </label>
      <input
        id={`${id}-search`}
        className="input input-sm"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        disabled={disabled}
      />
      {templates.isError && <p className="field-error">Could not load templates: {userMessage(templates.error)}</p>}
      <label className="label" htmlFor={`${id}-pick`}>
        Template
      </label>
      <select
        id={`${id}-pick`}
        className="input"
        value={value ?? ""}
        disabled={disabled || templates.isPending}
        onChange={(e) => {
          const t = templates.data?.templates.find((x) => x.id === e.target.value);
          if (t) onPick(t.id, t.name);
        }}
      >
        <option value="" disabled>
          {templates.isPending ? "Loading templates…" : "Choose a template"}
        </option>
        {value && !templates.data?.templates.some((t) => t.id === value) && <option value={value}>The current email</option>}
        {templates.data?.templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function EmailForm({
  block,
  onChange,
  onReplace,
  readOnly,
  automationId,
  saved,
  onLeave,
  live = false,
}: {
  block: Extract<Block, { type: "action" }> & { action: { type: "sendEmail" } };
  /** the workflow is enabled: its content (subject, preview text, sender, template) changes live, nothing else */
  live?: boolean;
  onChange: Change;
  /** a saved email block whose template changes becomes a new block (the API keeps a block's content) */
  onReplace: (block: Block) => void;
  readOnly: boolean;
  automationId: string;
  saved: boolean;
  /** goes to another page of the app once the workflow's unsaved changes are saved (stays when they cannot be) */
  onLeave: (href: string) => void;
}) {
  const id = useId();
  const email = block.action.sendEmail;
  const set = (patch: Partial<SendEmail>) => onChange({ ...block, action: { type: "sendEmail", sendEmail: { ...email, ...patch } } });
  const template = templateOf(email);
  const editorHref = `/templates/${template}?back=${encodeURIComponent(`/automations/${automationId}`)}`;
  const [testTo, setTestTo] = useState("");
  const [testState, setTestState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const text = (
    field: "subject" | "preheader" | "senderName" | "senderEmail" | "replyToEmail",
    label: string,
    hint?: string,
    type = "text",
  ) => (
    <div className="field">
      <label className="label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        className="input"
        type={type}
        value={email[field] ?? ""}
        onChange={(e) => {
          const v = e.target.value;
          if ((field === "senderEmail" || field === "replyToEmail") && v === "") {
            const { [field]: _omit, ...rest } = email;
            onChange({ ...block, action: { type: "sendEmail", sendEmail: rest } });
          } else set({ [field]: v });
        }}
      />
      {hint && <p className="hint">{hint}</p>}
    </div>
  );
  return (
    <fieldset className={styles.fieldset} disabled={readOnly}>
      <legend className={styles.legend}>The email</legend>
      <TemplatePicker
        value={template}
        disabled={readOnly}
        onPick={(templateID) => {
          const { contentID: _c, ...rest } = email;
          const next = { ...block, action: { type: "sendEmail" as const, sendEmail: { ...rest, templateID } } };
          // Live, the step keeps its id and sends the new template from now on; else a new step replaces it.
          if (saved && !live) onReplace({ ...next, id: undefined, temporaryID: `new-${Date.now().toString(36)}` } as Block);
          else onChange(next);
        }}
      />
      {template && (
        <p className={styles.row}>
          <Link
            className="btn btn-secondary btn-sm"
            href={editorHref}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab or window keeps this page
              e.preventDefault();
              onLeave(editorHref);
            }}
          >
            Edit the email design
          </Link>
          <span className="hint">Saves your changes here, opens the editor; it brings you back here.</span>
        </p>
      )}
      {text("subject", "Subject")}
      <SubjectTags
        subject={email.subject}
        onInsert={(tag) => set({ subject: `${email.subject}${email.subject.endsWith(" ") || !email.subject ? "" : " "}${tag}` })}
      />
      {text("preheader", "Preview text", "Shown after the subject in most inboxes.")}
      {text("senderName", "Sender name")}
      {text("senderEmail", "Sender email", "A verified sender of the brand; the deployment's sender when empty.", "email")}
      {text("replyToEmail", "Reply-to email", undefined, "email")}
      <TopicPicker
        value={email.topicID ?? null}
        what="email"
        // Who receives it is the workflow's structure: an enabled workflow changes its emails' content only.
        disabled={readOnly || live}
        hint={live ? "It changes who receives the email: disable the workflow to change it." : undefined}
        onLeave={onLeave}
        onChange={(topicID) => {
          const { topicID: _t, ...rest } = email;
          onChange({ ...block, action: { type: "sendEmail", sendEmail: topicID ? { ...rest, topicID } : rest } });
        }}
      />
      <div className="field">
        <label className="label" htmlFor={`${id}-language`}>
          Language
        </label>
        <select id={`${id}-language`} className="input" value={email.language} onChange={(e) => set({ language: e.target.value })}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        <p className="hint">The email&apos;s language (its html lang).</p>
      </div>
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={email.isSkipAllowed !== false}
          disabled={live}
          onChange={(e) => set({ isSkipAllowed: e.target.checked })}
        />{" "}
        When the contact may not be sent this email, skip it and go on
      </label>
      <p className="hint">
        Unticked, the contact leaves the workflow instead.
        {live ? " It changes how contacts move through the workflow: disable it to change this." : ""}
      </p>
      {saved && block.id && (
        <div className={styles.testSend}>
          <label className="label" htmlFor={`${id}-test`}>
            Send a test to
          </label>
          <div className={styles.inline}>
            <input
              id={`${id}-test`}
              className="input input-sm"
              type="email"
              value={testTo}
              onChange={(e) => setTestTo(e.target.value)}
              placeholder="you@example.com"
            />
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={testState.busy || !testTo}
              onClick={async () => {
                setTestState({ busy: true, message: null, error: false });
                try {
                  await sendBlockTest(automationId, block.id!, [testTo]);
                  setTestState({
                    busy: false,
                    message: `Test sent to ${testTo}. It is in the Outbox, under Tests (kept there when no mail server is set).`,
                    error: false,
                  });
                } catch (error) {
                  setTestState({ busy: false, message: userMessage(error), error: true });
                }
              }}
            >
              {testState.busy ? "Sending…" : "Send test"}
            </button>
          </div>
          {testState.message && (
            <p role="status" className={testState.error ? "field-error" : "hint"}>
              {testState.message}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

export function WebhookForm({
  block,
  onChange,
  readOnly,
}: {
  block: Extract<Block, { type: "action" }> & { action: { type: "sendWebhook" } };
  onChange: Change;
  readOnly: boolean;
}) {
  const id = useId();
  const hook = block.action.sendWebhook;
  const set = (patch: Partial<typeof hook>) => onChange({ ...block, action: { type: "sendWebhook", sendWebhook: { ...hook, ...patch } } });
  const headers = hook.headers ?? [];
  return (
    <fieldset className={styles.fieldset} disabled={readOnly}>
      <legend className={styles.legend}>The webhook</legend>
      <div className="field">
        <label className="label" htmlFor={`${id}-url`}>
          Address (https)
        </label>
        <input
          id={`${id}-url`}
          className="input"
          type="url"
          value={hook.callbackUrl}
          onChange={(e) => set({ callbackUrl: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-body`}>
          Body (JSON)
        </label>
        <textarea
          id={`${id}-body`}
          className="input input-mono"
          rows={5}
          value={hook.body}
          onChange={(e) => set({ body: e.target.value })}
        />
        <p className="hint">
          [[contact.email]], [[contact.first_name]] and [[event.cartID]] (the trigger&apos;s properties) are filled in. Requests are signed
          (webhook-signature).
        </p>
      </div>
      {headers.map((h, i) => (
        <div key={i} className={styles.inline}>
          <label className="visually-hidden" htmlFor={`${id}-hk${i}`}>
            Header {i + 1} name
          </label>
          <input
            id={`${id}-hk${i}`}
            className="input input-sm"
            placeholder="Header"
            value={h.key}
            onChange={(e) => set({ headers: headers.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)) })}
          />
          <label className="visually-hidden" htmlFor={`${id}-hv${i}`}>
            Header {i + 1} value
          </label>
          <input
            id={`${id}-hv${i}`}
            className="input input-sm"
            placeholder="Value"
            value={h.value}
            onChange={(e) => set({ headers: headers.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => set({ headers: headers.filter((_, j) => j !== i) })}
            aria-label={`Remove header ${i + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => set({ headers: [...headers, { key: "", value: "" }] })}>
        Add a header
      </button>
    </fieldset>
  );
}

export function TagForm({ block, onChange, readOnly }: { block: Extract<Block, { type: "action" }>; onChange: Change; readOnly: boolean }) {
  const id = useId();
  if (block.action.type !== "addTag" && block.action.type !== "removeTag") return null;
  const adding = block.action.type === "addTag";
  const value = adding
    ? (block.action as { addTag: { value: string } }).addTag.value
    : (block.action as { removeTag: { value: string } }).removeTag.value;
  return (
    <div className="field">
      <label className="label" htmlFor={`${id}-tag`}>
        Tag to {adding ? "add" : "remove"}
      </label>
      <input
        id={`${id}-tag`}
        className="input"
        value={value}
        readOnly={readOnly}
        onChange={(e) =>
          onChange({
            ...block,
            action: adding
              ? { type: "addTag", addTag: { value: e.target.value } }
              : { type: "removeTag", removeTag: { value: e.target.value } },
          })
        }
      />
      <p className="hint">Tags are stored in lower case.</p>
    </div>
  );
}

export function AbForm({
  block,
  onChange,
  readOnly,
}: {
  block: Extract<Block, { type: "abTesting" }>;
  onChange: Change;
  readOnly: boolean;
}) {
  const id = useId();
  const a = block.abTesting.aBlocksPercentage;
  return (
    <div className="field">
      <label className="label" htmlFor={`${id}-a`}>
        Contacts on branch A: {a}% (B: {100 - a}%)
      </label>
      <input
        id={`${id}-a`}
        type="range"
        min={0}
        max={100}
        step={5}
        value={a}
        disabled={readOnly}
        onChange={(e) => onChange({ ...block, abTesting: { ...block.abTesting, aBlocksPercentage: Number(e.target.value) } })}
      />
      <p className="hint">100% or 0% picks a winner: everyone takes that branch.</p>
    </div>
  );
}

export function SplitForm({
  block,
  blocks,
  eventFields,
  onChange,
  readOnly,
  segments,
}: {
  block: Extract<Block, { type: "split" }>;
  blocks: Block[];
  eventFields: FieldChoice[];
  onChange: Change;
  readOnly: boolean;
  segments: { id: string; name: string }[];
}) {
  const id = useId();
  const group = block.split.filterGroup;
  const key = keyOf(block);
  // Email blocks that run before this split (anywhere earlier in the tree, but not inside its own branches).
  const inside = new Set(allBlocks([...block.split.trueBlocks, ...block.split.falseBlocks]).map(keyOf));
  const emails = allBlocks(blocks).filter(
    (b) => b.type === "action" && b.action.type === "sendEmail" && keyOf(b) !== key && !inside.has(keyOf(b)),
  );
  const set = (filters: SplitFilter[], logicalOperator = group.logicalOperator) =>
    onChange({ ...block, split: { ...block.split, filterGroup: { logicalOperator, filters } } });
  return (
    <fieldset className={styles.fieldset} disabled={readOnly}>
      <legend className={styles.legend}>Which contacts take the Yes branch</legend>
      <div className="field">
        <label className="label" htmlFor={`${id}-logic`}>
          Contacts match
        </label>
        <select
          id={`${id}-logic`}
          className="input input-sm"
          value={group.logicalOperator}
          onChange={(e) => set(group.filters, e.target.value as "and" | "or")}
        >
          <option value="and">all of the conditions</option>
          <option value="or">any of the conditions</option>
        </select>
      </div>
      <FilterRows
        filters={group.filters}
        onChange={set}
        eventFields={eventFields}
        emails={emails}
        segments={segments}
        readOnly={readOnly}
      />
    </fieldset>
  );
}

export type { FieldChoice };

/** Personalization for the subject: pick a field, its tag is added; the subject read with labels below. */
function SubjectTags({ subject, onInsert }: { subject: string; onInsert: (tag: string) => void }) {
  const id = useId();
  const readable = readableTags(subject);
  return (
    <div className={styles.inline}>
      <label className="visually-hidden" htmlFor={`${id}-tag`}>
        Insert a personalization field
      </label>
      <select
        id={`${id}-tag`}
        className={`input input-sm ${styles.tagPicker}`}
        value=""
        onChange={(e) => {
          const tag = CONTACT_MERGE_TAGS.find((t) => t.path === e.target.value);
          if (tag) onInsert(mergeTagText(tag.path, tag.needsFallback ? "there" : undefined));
        }}
      >
        <option value="">Add personalization…</option>
        {CONTACT_MERGE_TAGS.map((t) => (
          <option key={t.path} value={t.path}>
            {t.label}
          </option>
        ))}
      </select>
      {readable !== subject && <span className="hint">Reads: {readable}</span>}
    </div>
  );
}
