"use client";
// The contact's subscription history, newest first: each channel's current status, then opt-ins, consents
// and the latest change away from subscribed, in a table that scrolls inside its own box (header in view)
// and wraps long sources instead of running off the card.
import { formatDateTime } from "@/components/ui/format";
import { StatusBadge } from "./status-badge";
import type { Channel, Contact, ContactStatus } from "./types";
import styles from "./profile.module.css";

type Entry = { at: string; channel: Channel; status?: ContactStatus; what: string; source?: string; detail?: string };

const channelName = (channel: Channel) => (channel === "sms" ? "SMS" : "Email");

/** Newest first; an opt-in and the status change it caused (same channel and time) show once. */
export function historyEntries(contact: Pick<Contact, "optIns" | "consents" | "statuses">): Entry[] {
  const entries: Entry[] = [
    ...contact.optIns.map((o): Entry => ({ at: o.optInAt, channel: o.channel, status: "subscribed", what: "Subscribed" })),
    ...contact.consents.map((c): Entry => ({
      at: c.createdAt,
      channel: c.channel,
      what: "Consent given",
      source: c.source,
      // The user agent is on the identifier above; the history keeps where and from which address.
      detail: c.ip ? `IP ${c.ip}` : undefined,
    })),
  ];
  for (const s of contact.statuses) {
    const same = entries.some((e) => e.channel === s.channel && e.status === s.status && e.at === s.statusChangedAt);
    if (!same && s.status !== "subscribed")
      entries.push({
        at: s.statusChangedAt,
        channel: s.channel,
        status: s.status,
        what: s.status === "unsubscribed" ? "Unsubscribed" : "Not subscribed",
      });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}

export function StatusHistory({ contact }: { contact: Contact }) {
  const entries = historyEntries(contact);
  return (
    <section aria-labelledby="history-title" className="card">
      <h2 id="history-title" className="card-title">
        Subscription history
      </h2>
      {contact.statuses.length > 0 && (
        <ul className={styles.currentStatuses} aria-label="Current status">
          {contact.statuses.map((s) => (
            <li key={s.channel}>
              <span className={styles.currentChannel}>{channelName(s.channel)}</span> <StatusBadge status={s.status} />{" "}
              <span className="muted small">since {formatDateTime(s.statusChangedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {entries.length === 0 ? (
        <p className="muted">No opt-ins or consents recorded.</p>
      ) : (
        <div className={`table-wrap ${styles.historyScroll}`} tabIndex={0} role="region" aria-label="Opt-ins and consents">
          <table className={`table table-compact table-stack ${styles.historyTable}`}>
            <caption className="visually-hidden">Opt-ins and consents, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Channel</th>
                <th scope="col">Change</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, i) => (
                <tr key={i}>
                  <td className="cell-nowrap" data-label="When">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td data-label="Channel">{channelName(entry.channel)}</td>
                  <td className={styles.changeCell} data-label="Change">
                    {entry.status ? <StatusBadge status={entry.status} /> : entry.what}
                  </td>
                  <td className={styles.sourceCell} data-label="Source">
                    {entry.source ? <span>{entry.source}</span> : <span className="muted">—</span>}
                    {entry.detail && <span className={`muted small ${styles.detail}`}>{entry.detail}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
