// A bulk job in words, for the jobs panel: what it does ("Add “vip”"), to whom ("contacts matching
// “smith”, tagged “lead”", "members of “Newsletter”"), and where it stands. Pure, so it is unit-tested.
import { formatDate, formatNumber } from "@/components/ui/format";
import type { BulkJob } from "./contacts-client";
import type { ContactView } from "./contacts-client";
import { STATUS_OPTIONS } from "./status-badge";

const quoted = (words: string[]) => words.map((w) => `“${w}”`).join(", ");

/** "contacts matching “ava”, subscribed, tagged “vip”, in “Newsletter”, created from 1 Nov 2026"; "all contacts" without filters. */
export function describeView(view: ContactView, segmentName: (id: string) => string | undefined): string {
  const parts: string[] = [];
  if (view.q) parts.push(`matching “${view.q}”`);
  if (view.status)
    parts.push(`with email status ${STATUS_OPTIONS.find((o) => o.value === view.status)?.label.toLowerCase() ?? view.status}`);
  if (view.tag) parts.push(`tagged “${view.tag}”`);
  if (view.segmentID) {
    const name = segmentName(view.segmentID);
    parts.push(name ? `in “${name}”` : "in a segment");
  }
  if (view.createdFrom) parts.push(`created from ${formatDate(view.createdFrom)}`);
  if (view.createdTo) parts.push(`created until ${formatDate(view.createdTo)}`);
  if (view.updatedFrom) parts.push(`updated from ${formatDate(view.updatedFrom)}`);
  if (view.updatedTo) parts.push(`updated until ${formatDate(view.updatedTo)}`);
  return parts.length ? `contacts ${parts.join(", ")}` : "all contacts";
}

/** What the job does and to whom, e.g. "Add “vip” to contacts matching “ava”". */
export function describeJob(job: BulkJob, segmentName: (id: string) => string | undefined): string {
  const target = job.view
    ? describeView(job.view, segmentName)
    : job.segmentID && segmentName(job.segmentID)
      ? `the members of “${segmentName(job.segmentID)}”`
      : "the members of a segment";
  if (job.action === "add") return `Add ${quoted(job.tags)} to ${target}`;
  if (job.action === "remove") return `Remove ${quoted(job.tags)} from ${target}`;
  return `Unsubscribe ${target} from email`;
}

/** Where the job stands, in one sentence. */
export function jobProgressText(job: BulkJob): string {
  const verb = job.action === "add" ? "Tagging" : job.action === "remove" ? "Untagging" : "Unsubscribing";
  const outcome =
    job.action === "add"
      ? `got ${quoted(job.tags)}`
      : job.action === "remove"
        ? `lost ${quoted(job.tags)}`
        : "were unsubscribed from email";
  if (job.status === "queued") return `${verb} will start in a moment…`;
  if (job.status === "running") {
    return job.total === null
      ? `${verb}: counting the contacts…`
      : `${verb} ${formatNumber(job.processed)} of ${formatNumber(job.total)} contacts…`;
  }
  if (job.status === "done") return `Done: ${formatNumber(job.changed)} of ${formatNumber(job.processed)} contacts ${outcome}.`;
  return `Stopped: ${job.error ?? "an error occurred"} (${formatNumber(job.changed)} contacts changed).`;
}

/** The job's progress in percent, or null while it is not known (queued, or counting). */
export function jobPercent(job: BulkJob): number | null {
  if (job.status === "done") return 100;
  if (job.total === null) return null;
  return job.total === 0 ? 100 : Math.min(100, Math.round((job.processed / job.total) * 100));
}
