"use client";
// Settings → Sending: the suppression list: addresses never mailed (bounced, marked as spam, erased, or
// added here), newest first, and lifting one.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { addSuppression, liftSuppression, listSuppressions, suppressionsKey, type Suppression } from "./sending-client";

const REASON: Record<Suppression["reason"], string> = {
  "hard-bounce": "Bounced",
  complaint: "Marked as spam",
  erased: "Contact erased",
  manual: "Added by hand",
};

export function SuppressionList() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const list = useInfiniteQuery({
    queryKey: suppressionsKey,
    queryFn: ({ pageParam }) => listSuppressions(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? last.paging.cursors.after : undefined),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: suppressionsKey });
  const add = useMutation({
    mutationFn: addSuppression,
    onSuccess: () => {
      setEmail("");
      void refresh();
    },
  });
  const lift = useMutation({ mutationFn: liftSuppression, onSuccess: refresh });
  const rows = list.data?.pages.flatMap((p) => p.suppressions) ?? [];
  return (
    <div className="stack">
      <form
        className="inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(email);
        }}
      >
        <Field
          label="Address to suppress"
          name="suppress-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          error={add.isError ? userMessage(add.error) : undefined}
        />
        <button type="submit" className="btn btn-secondary" disabled={add.isPending}>
          Suppress
        </button>
      </form>
      {list.isPending ? (
        <p className="loading" role="status">
          Loading the suppression list…
        </p>
      ) : list.isError ? (
        <div className="alert alert-error" role="alert">
          Could not load the suppression list: {userMessage(list.error)}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState title="No suppressed addresses" headingLevel={3}>
          <p>Addresses that bounce or mark your email as spam are added here, and never mailed again.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="sender-list" aria-label="Suppressed addresses">
            {rows.map((s) => (
              <li key={s.id} className="sender-row">
                <span className="sender-row-name">
                  {s.email ?? <em>an erased contact’s address</em>} · {REASON[s.reason]} · {formatDateTime(s.createdAt)}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => lift.mutate(s.id)}
                  disabled={lift.isPending}
                  aria-label={`Lift the suppression of ${s.email ?? "this address"}`}
                >
                  Lift
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
              More
            </button>
          )}
        </>
      )}
      {lift.isError && (
        <p className="field-error" role="alert">
          {userMessage(lift.error)}
        </p>
      )}
    </div>
  );
}
