"use client";
// Create or edit a segment: name, condition groups with a live count, save; then its members
// (the contacts table filtered by the segment).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useReducer, useState } from "react";
import { ContactsBrowser } from "@/components/contacts/contacts-browser";
import { contactKeys } from "@/components/contacts/contacts-client";
import { eventMetadataKeys, queryEventMetadata } from "@/components/events/event-metadata-client";
import { Dialog } from "@/components/ui/dialog";
import { ErrorSummary, type Summary } from "@/components/ui/error-summary";
import { labelled, summaryTitle, userMessage } from "@/components/ui/messages";
import { ApiError, retryIfRateLimited } from "@/lib/client/api-fetch";
import { useDebounced } from "./use-debounced";
import { ConditionBuilder } from "./condition-builder";
import {
  builderReducer,
  emptyBuilder,
  fromApi,
  incompleteReason,
  toApi,
  type BuilderAction,
  type BuilderState,
} from "./condition-builder-state";
import { LiveCount, useLiveCount } from "./live-count";
import {
  createSegment,
  deleteSegment,
  getSegment,
  getSuggestions,
  segmentSummaries,
  replaceSegment,
  segmentKeys,
  suggestionKeys,
  type Segment,
} from "./segments-client";
import { clearedBy, describeErrors, placeErrors, type PlacedError } from "./segment-errors";
import { summarize } from "./segment-summary";
import { TagSegmentPanel } from "./tag-segment-panel";
import "./segments.css";

function initialState(segment?: Segment): BuilderState {
  if (segment) return fromApi(segment.conditionGroups);
  return builderReducer(emptyBuilder(), { type: "addGroup", entity: "contact" });
}

/** A segment being built answers 409 for a moment: try again a few times before showing it. */
async function whenBuilt<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409 && attempt < 10)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export function SegmentEditor({ segment }: { segment?: Segment }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState(segment?.name ?? "");
  const [starred, setStarred] = useState(segment?.isStarred ?? false);
  const [state, dispatch] = useReducer(builderReducer, segment, initialState);
  // A failed save: its field errors tied to the drafts they name (each goes when its input changes), or
  // the failure itself when it names no field.
  const [placed, setPlaced] = useState<PlacedError[]>([]);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [failures, setFailures] = useState(0);
  const clear = (cleared: (key: string) => boolean) =>
    setPlaced((current) => (current.some((e) => cleared(e.key)) ? current.filter((e) => !cleared(e.key)) : current));
  const edit = (action: BuilderAction) => {
    dispatch(action);
    clear(clearedBy(action));
  };
  const [saved, setSaved] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const groups = useMemo(() => toApi(state), [state]);
  // Another segment of the same name: asked of the API by name as the person types (never the whole list).
  const typedName = useDebounced(name.trim(), 300);
  const namesakes = useQuery({
    queryKey: segmentKeys.summariesOf({ nameContains: typedName, limit: 50 }),
    queryFn: () => segmentSummaries({ nameContains: typedName, limit: 50 }),
    enabled: typedName !== "",
  });
  const duplicateName = namesakes.data?.find(
    (s) => s.segmentID !== segment?.segmentID && s.name.trim().toLowerCase() === name.trim().toLowerCase() && name.trim(),
  )?.name;
  const events = useQuery({ queryKey: eventMetadataKeys.segments, queryFn: queryEventMetadata, retry: retryIfRateLimited });
  const originsOf = useCallback(
    (name: string) => [...new Set(events.data?.filter((e) => e.name === name).flatMap((e) => e.origins))],
    [events.data],
  );
  const live = useLiveCount(groups, incompleteReason(state, originsOf));
  // The members list below searches through the saved segment, which costs the database about as much as
  // the count itself, and the server may answer one database read at a time: the list starts once the live
  // count has its first answer, so that the figure the person opened the segment for is not queued behind it.
  const [membersDue, setMembersDue] = useState(false);
  if (!membersDue && (live.count.data !== undefined || live.count.isError || live.incomplete !== null || live.invalid !== null)) {
    setMembersDue(true);
  }
  // Sent just after the count for the same reason (the suggestions only matter once the person types).
  const suggestions = useQuery({ queryKey: suggestionKeys.all, queryFn: () => getSuggestions(), retry: retryIfRateLimited });
  const summary = useMemo(() => summarize(groups), [groups]);

  const save = useMutation({
    // The state sent goes along, so errors are placed on the drafts they were about.
    mutationFn: (_sent: BuilderState) =>
      segment
        ? whenBuilt(() => replaceSegment(segment.segmentID, { name, conditionGroups: groups, isStarred: starred }))
        : createSegment({ name, conditionGroups: groups, isStarred: starred }),
    onMutate: () => {
      setPlaced([]);
      setSaveError(null);
      setSaved(false);
    },
    onError: (error, sent) => {
      if (error instanceof ApiError && error.errors.length > 0) setPlaced(placeErrors(sent, error.errors));
      else setSaveError(error);
      setFailures((n) => n + 1);
    },
    onSuccess: async (result) => {
      queryClient.setQueryData(segmentKeys.detail(result.segmentID), result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
      ]);
      if (segment) setSaved(true);
      else router.push(`/segments/${result.segmentID}`);
    },
  });
  const remove = useMutation({
    mutationFn: () => whenBuilt(() => deleteSegment(segment!.segmentID)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: segmentKeys.all });
      router.push("/segments");
    },
  });

  const errors = describeErrors(state, placed);
  // The live count's errors (a definition the API refuses) are shown on the conditions too, under the save's.
  const liveErrors = live.invalid ? describeErrors(state, placeErrors(state, live.invalid.errors)) : [];
  const byInput = Object.fromEntries(
    [...liveErrors, ...errors].filter((e) => e.key !== "name" && e.key !== "form").map((e) => [e.key, e.message]),
  );
  const nameError = errors
    .filter((e) => e.key === "name")
    .map((e) => e.message)
    .join(" ");
  const errorSummary: Summary | null = errors.length
    ? {
        title: summaryTitle(errors.length, segment ? "the segment can be saved" : "the segment can be created"),
        items: errors.map((e, i) => ({ key: `${e.key}-${i}`, text: labelled(e.label, e.message), target: e.target })),
      }
    : saveError
      ? { title: `Could not save: ${userMessage(saveError)}`, items: [] }
      : null;

  return (
    <div className="stack">
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(state);
        }}
        aria-describedby={errors.length || saveError ? "segment-errors" : undefined}
      >
        <ErrorSummary id="segment-errors" summary={errorSummary} focusOn={failures} />
        <div className="segment-layout">
          <div className="stack">
            <div className="field">
              <label className="label" htmlFor="segment-name">
                Segment name
              </label>
              <input
                id="segment-name"
                className="input"
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  clear((key) => key === "name");
                }}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? "segment-name-error" : duplicateName ? "segment-name-warning" : undefined}
              />
              {nameError && (
                <p id="segment-name-error" className="field-error">
                  {nameError}
                </p>
              )}
              {duplicateName && !nameError && (
                <p id="segment-name-warning" className="field-warning" role="status">
                  Another segment is already called “{duplicateName}”. A different name tells them apart in lists.
                </p>
              )}
            </div>
            <label className="checkbox">
              <input type="checkbox" checked={starred} onChange={(e) => setStarred(e.target.checked)} /> Favourite (starred segments come
              first in lists)
            </label>
            <ConditionBuilder state={state} dispatch={edit} errors={byInput} suggestions={suggestions.data} events={events.data} />
          </div>
          <aside className="segment-aside" aria-label="Segment size and actions">
            <LiveCount live={live} />
            <section className="segment-summary" aria-labelledby="summary-title">
              <h2 id="summary-title" className="live-count-label">
                In plain words
              </h2>
              {summary.length === 0 ? (
                <p className="muted">No conditions yet.</p>
              ) : (
                <ol className="summary-list" data-testid="segment-summary">
                  {summary.map((sentence, i) => (
                    <li key={i}>
                      {i > 0 && <strong>or </strong>}
                      {sentence}
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? "Saving…" : segment ? "Save segment" : "Create segment"}
            </button>
            {saved && (
              <p role="status" className="muted">
                Saved.
              </p>
            )}
            {segment && (
              <button type="button" className="btn btn-danger-ghost" onClick={() => setConfirmDelete(true)}>
                Delete segment
              </button>
            )}
          </aside>
        </div>
      </form>

      {segment && <TagSegmentPanel segmentID={segment.segmentID} segmentName={segment.name} suggestions={suggestions.data} />}

      {segment && (
        <section aria-labelledby="members-title" className="stack">
          <h2 id="members-title">Members</h2>
          <p className="muted">Contacts in the saved segment now. Save your changes to update this list.</p>
          {membersDue ? (
            <ContactsBrowser key={segment.updatedAt} segmentID={segment.segmentID} caption="Segment members" />
          ) : (
            <p className="loading" role="status">
              Loading members…
            </p>
          )}
        </section>
      )}

      {segment && (
        <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete this segment?" role="alertdialog">
          <div className="stack">
            <p>
              <strong>{segment.name}</strong> will be deleted. Contacts are not affected.
            </p>
            {remove.error && (
              <div className="alert alert-error" role="alert">
                {userMessage(remove.error)}
              </div>
            )}
            <div className="dialog-actions">
              <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(false)} autoFocus>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? "Deleting…" : "Delete segment"}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </div>
  );
}

export function SegmentEditorPage({ id }: { id: string }) {
  const segment = useQuery({ queryKey: segmentKeys.detail(id), queryFn: () => getSegment(id) });
  if (segment.isPending) {
    return (
      <p className="loading" role="status">
        Loading segment…
      </p>
    );
  }
  if (segment.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{userMessage(segment.error, { 404: "This segment no longer exists. It may have been deleted." })}</p>
        <Link href="/segments">Back to segments</Link>
      </div>
    );
  }
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/segments">Segments</Link> <span aria-hidden="true">/</span> <span aria-current="page">{segment.data.name}</span>
      </nav>
      <div className="page-header">
        <h1 className="page-title">{segment.data.name}</h1>
      </div>
      <SegmentEditor segment={segment.data} />
    </>
  );
}
