// A channel's subscription status as a badge; the words carry the meaning, the colour only repeats it.
import type { ContactStatus } from "./types";

const LABEL: Record<ContactStatus, string> = { subscribed: "Subscribed", unsubscribed: "Unsubscribed", nonSubscribed: "Not subscribed" };
const TONE: Record<ContactStatus, string> = { subscribed: "badge-success", unsubscribed: "badge-danger", nonSubscribed: "badge-muted" };

export const STATUS_OPTIONS = (Object.keys(LABEL) as ContactStatus[]).map((value) => ({ value, label: LABEL[value] }));

export function StatusBadge({ status, channel }: { status: ContactStatus | null | undefined; channel?: string }) {
  if (!status) return <span className="muted">—</span>;
  return (
    <span className={`badge ${TONE[status]}`} title={channel ? `${channel}: ${LABEL[status]}` : undefined}>
      {LABEL[status]}
    </span>
  );
}
