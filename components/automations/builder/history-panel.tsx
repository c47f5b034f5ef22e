"use client";
// The workflow's history in the side panel: who changed it, when, and what (an email's subject from →
// to; other parts by name), a live edit of an enabled workflow marked as such.
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { automationHistory, automationKeys, type Automation, type Block, type History } from "../automations-client";
import { findBlock } from "./draft";
import { blockSummary, readableTags } from "./words";
import styles from "./builder.module.css";

type Change = History["history"][number]["changes"][number];

const FIELD_WORDS: Record<string, string> = {
  subject: "Subject",
  preheader: "Preview text",
  senderName: "Sender name",
  senderEmail: "Sender email",
  replyToEmail: "Reply-to email",
  language: "Language",
  templateID: "Template",
};

const PART_WORDS: Record<string, string> = {
  trigger: "The trigger changed",
  steps: "Steps were added, removed, moved or changed",
  exitConditions: "The exit conditions changed",
  settings: "The settings changed",
};

function changeWords(c: Change, blocks: Block[]): string {
  if (c.kind === "name") return `Renamed from “${c.from}” to “${c.to}”`;
  if (c.kind === "utm") {
    const block = c.blockID ? findBlock(blocks, c.blockID) : undefined;
    return `${block ? `${blockSummary(block, blocks)}: ` : ""}UTM tags changed`;
  }
  if (c.kind !== "email") return PART_WORDS[c.kind] ?? c.kind;
  const field = FIELD_WORDS[c.field ?? ""] ?? c.field ?? "";
  const block = c.blockID ? findBlock(blocks, c.blockID) : undefined;
  const where = block ? `${blockSummary(block, blocks)}: ` : "An email: ";
  if (c.field === "templateID") return `${where}${field} replaced`;
  const show = (v?: string) => (v ? `“${readableTags(v)}”` : "(empty)");
  return `${where}${field} ${show(c.from)} → ${show(c.to)}`;
}

export function HistoryPanel({ automation, blocks }: { automation: Automation; blocks: Block[] }) {
  const history = useQuery({
    queryKey: automationKeys.history(automation.id, automation.updatedAt),
    queryFn: () => automationHistory(automation.id),
  });
  if (history.isPending)
    return (
      <p className="loading" role="status">
        Loading the history…
      </p>
    );
  if (history.isError) return <p className="field-error">Could not load the history: {userMessage(history.error)}</p>;
  if (history.data.history.length === 0) return <p className="muted">No changes since the workflow was created.</p>;
  return (
    <ol className={styles.history} aria-label="Changes, newest first">
      {history.data.history.map((entry) => (
        <li key={entry.id}>
          <strong>{entry.actor.name}</strong> <span className="muted">· {formatDateTime(entry.at)}</span>
          {entry.live && (
            <>
              {" "}
              <span className="badge badge-success">while enabled</span>
            </>
          )}
          {entry.queuedEmails ? (
            <span className="muted">
              {" "}
              · reached {entry.queuedEmails} already queued {entry.queuedEmails === 1 ? "email" : "emails"}
            </span>
          ) : null}
          <ul>
            {entry.changes.map((c, i) => (
              <li key={i}>{changeWords(c, blocks)}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
