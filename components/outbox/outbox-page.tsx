"use client";
// Outbox: every email of the brand, newest first, one per recipient, with what became of it (sent,
// refused, skipped and why): campaigns, automations, Inkwell's own, and test emails (template, campaign
// and automation tests), each test marked as one. "Show" narrows it to campaigns & automations or to tests
// (kept in the address, ?show=tests, so /test-emails can lead here); search by address or subject. Without a
// mail server this is where the emails are, undelivered. The email shows in a sandboxed frame.
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { listMessages } from "@/components/sending/sending-client";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { MessageView } from "./message-view";
import { sourceName, StatusBadge, TestBadge } from "./message-words";
import { OUTBOX_SHOWS, type OutboxShow } from "./outbox-show";
import "./outbox.css";

const SHOW: Record<OutboxShow, { label: string; mode?: "live" | "test" }> = {
  all: { label: "All" },
  campaigns: { label: "Campaigns & automations", mode: "live" },
  tests: { label: "Tests", mode: "test" },
};

function Empty({ show, filtered }: { show: OutboxShow; filtered: boolean }) {
  if (filtered)
    return (
      <EmptyState title="No emails match">
        <p>Try another address, subject or status.</p>
      </EmptyState>
    );
  if (show === "tests")
    return (
      <EmptyState
        title="No test emails yet"
        action={
          <Link href="/templates" className="btn btn-primary">
            Open a template
          </Link>
        }
      >
        <p>Open a template and choose “Send test”, or send a test of a campaign or an automation’s email: it shows here.</p>
      </EmptyState>
    );
  return (
    <EmptyState title={show === "campaigns" ? "No campaign or automation emails yet" : "No emails yet"}>
      <p>
        {show === "campaigns"
          ? "Emails your campaigns and automations send to your contacts will be listed here."
          : "Emails your campaigns, automations and test sends send will be listed here."}
      </p>
    </EmptyState>
  );
}

export function OutboxPage({ hasMailServer, initialShow }: { hasMailServer: boolean; initialShow: OutboxShow }) {
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState({ search: "", status: "", show: initialShow });
  const [selected, setSelected] = useState<string | null>(null);
  const filter = { search: applied.search, status: applied.status, mode: SHOW[applied.show].mode };
  const list = useInfiniteQuery({
    queryKey: ["messages", filter],
    queryFn: ({ pageParam }) => listMessages({ ...filter, after: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? last.paging.cursors.after : undefined),
  });
  const messages = list.data?.pages.flatMap((p) => p.messages) ?? [];
  const current = selected && messages.some((m) => m.id === selected) ? selected : (messages[0]?.id ?? null);
  const choose = (show: OutboxShow) => {
    setApplied((a) => ({ ...a, show }));
    // The address says what is shown, so a reload or a shared link shows the same; no navigation.
    window.history.replaceState(null, "", show === "all" ? "/outbox" : `/outbox?show=${show}`);
  };
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Outbox</h1>
        <p className="muted">
          {hasMailServer
            ? "Every email your brand sends, test emails included, one per recipient, newest first, with what became of it."
            : "Inkwell has no mail server set up: nothing is delivered. Every email your brand sends, test emails included, is kept here instead."}{" "}
          <Link href="/outbox/replies">Replies</Link>
        </p>
      </div>
      <div role="group" aria-label="Show" className="outbox-show">
        {OUTBOX_SHOWS.map((show) => (
          <button
            key={show}
            type="button"
            aria-pressed={applied.show === show}
            className={`btn btn-sm ${applied.show === show ? "btn-primary" : "btn-secondary"}`}
            onClick={() => choose(show)}
          >
            {SHOW[show].label}
          </button>
        ))}
      </div>
      <form
        className="cluster outbox-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied((a) => ({ ...a, search: search.trim() }));
        }}
      >
        <div className="field">
          <label className="label" htmlFor="outbox-search">
            Recipient or subject
          </label>
          <input
            id="outbox-search"
            className="input"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={200}
          />
        </div>
        <div className="field">
          <label className="label" htmlFor="outbox-status">
            Status
          </label>
          <select
            id="outbox-status"
            className="input"
            value={applied.status}
            onChange={(e) => setApplied((a) => ({ ...a, status: e.target.value }))}
          >
            <option value="">Any</option>
            <option value="sent">Sent</option>
            <option value="queued">Waiting</option>
            <option value="bounced">Bounced</option>
            <option value="complained">Marked as spam</option>
            <option value="failed">Failed</option>
            <option value="suppressed">Not sent: suppressed</option>
            <option value="skipped">Not sent: skipped</option>
            <option value="paused">Paused</option>
          </select>
        </div>
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
      </form>
      {list.isPending ? (
        <p className="loading" aria-live="polite">
          Loading emails…
        </p>
      ) : list.isError ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load emails: {userMessage(list.error)}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => list.refetch()}>
            Try again
          </button>
        </div>
      ) : messages.length === 0 ? (
        <Empty show={applied.show} filtered={!!(applied.search || applied.status)} />
      ) : (
        <div className="outbox">
          <div className="outbox-list">
            <ul aria-label="Emails" className="outbox-items">
              {messages.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className="outbox-item"
                    aria-current={m.id === current ? "true" : undefined}
                    onClick={() => setSelected(m.id)}
                  >
                    <span className="outbox-subject">{m.subject}</span>
                    <span className="outbox-meta">
                      To {m.email ?? "no address"} · {formatDateTime(m.createdAt)}
                    </span>
                    <span className="outbox-meta outbox-badges">
                      <TestBadge message={m} /> <StatusBadge message={m} /> {sourceName(m)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? "Loading…" : "Older emails"}
              </button>
            )}
          </div>
          {current && <MessageView key={current} id={current} focus={current === selected} />}
        </div>
      )}
    </>
  );
}
