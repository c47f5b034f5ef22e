"use client";
// The templates page: search, sort, cursor paging, create (blank or a starter), import HTML, duplicate
// and delete, all through the public API with TanStack Query.
import { formatDateTime } from "@/components/ui/format";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { CursorPager, NameSearchAndSort, useCursorPage } from "@/components/ui/cursor-pages";
import { EmptyState } from "@/components/ui/empty-state";
import { CreateTemplateDialog } from "./create-template-dialog";
import { ImportTemplateDialog } from "./import-template-dialog";
import { createTemplate, deleteTemplate, getTemplate, listTemplates, type ListParams, type TemplateSummary } from "./templates-api";
import { userMessage } from "@/components/ui/messages";

const SORTS = {
  "createdAt:desc": "Newest first",
  "createdAt:asc": "Oldest first",
  "name:asc": "Name A–Z",
  "name:desc": "Name Z–A",
} as const;
type SortKey = keyof typeof SORTS;
const PAGE_SIZE = 20;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export function TemplatesList() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortKey>("createdAt:desc");
  const [dialog, setDialog] = useState<"create" | "import" | null>(null);
  const [toDelete, setToDelete] = useState<TemplateSummary | null>(null);
  const [message, setMessage] = useState("");
  const nameContains = useDebounced(search.trim(), 300);
  const [cursor, setCursor] = useCursorPage(`${nameContains}|${sort}`);
  const [field, direction] = sort.split(":") as [ListParams["sort"], ListParams["direction"]];
  const params: ListParams = {
    nameContains: nameContains || undefined,
    sort: field,
    direction,
    limit: PAGE_SIZE,
    after: cursor.after,
    before: cursor.before,
  };
  const list = useQuery({ queryKey: ["templates", params], queryFn: () => listTemplates(params), placeholderData: keepPreviousData });

  const duplicate = useMutation({
    mutationFn: async (t: TemplateSummary) => {
      const full = await getTemplate(t.id);
      return createTemplate({ name: `Copy of ${full.name}`.slice(0, 255), generalSettings: full.generalSettings, sections: full.sections });
    },
    onSuccess: (copy) => {
      setMessage(`Created “${copy.name}”.`);
      void queryClient.invalidateQueries({ queryKey: ["templates"] });
    },
    onError: (error: ApiError) => setMessage(`Could not duplicate: ${userMessage(error, { 404: "the template no longer exists." })}`),
  });
  const remove = useMutation({
    mutationFn: (t: TemplateSummary) => deleteTemplate(t.id),
    onSuccess: (_, t) => {
      setToDelete(null);
      setMessage(`Deleted “${t.name}”.`);
      void queryClient.invalidateQueries({ queryKey: ["templates"] });
    },
  });

  const templates = list.data?.templates ?? [];
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Templates</h1>
        <div className="cluster">
          <button type="button" className="btn btn-secondary" onClick={() => setDialog("import")}>
            Import HTML
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setDialog("create")}>
            New template
          </button>
        </div>
      </div>
      <NameSearchAndSort search={search} onSearch={setSearch} sort={sort} sorts={SORTS} onSort={setSort} className="tpl-filters" />
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
      {message && <div className="alert alert-info">{message}</div>}
      {list.isError ? (
        <div className="alert alert-error" role="alert">
          Could not load templates: {userMessage(list.error)}
        </div>
      ) : list.isPending ? (
        <p className="loading">Loading templates…</p>
      ) : templates.length === 0 ? (
        nameContains ? (
          <EmptyState title="No template matches">
            <p>No template name contains “{nameContains}”.</p>
          </EmptyState>
        ) : (
          <EmptyState
            title="No email templates yet"
            action={
              <button type="button" className="btn btn-primary" onClick={() => setDialog("create")}>
                Create your first template
              </button>
            }
          >
            <p>Build templates from sections, rows and blocks, or import existing HTML.</p>
          </EmptyState>
        )
      ) : (
        <div className="table-wrap">
          <table className="table table-stack" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {templates.map((t) => (
                <tr key={t.id}>
                  <td data-label="Name" className="cell-strong">
                    <Link href={`/templates/${t.id}`}>{t.name}</Link>
                  </td>
                  <td data-label="Created">{formatDateTime(t.createdAt)}</td>
                  <td data-label="Updated">{formatDateTime(t.updatedAt)}</td>
                  <td className="cell-actions">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Duplicate ${t.name}`}
                      disabled={duplicate.isPending}
                      onClick={() => duplicate.mutate(t)}
                    >
                      Duplicate
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger-ghost btn-sm"
                      aria-label={`Delete ${t.name}`}
                      onClick={() => setToDelete(t)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {templates.length > 0 && <CursorPager cursor={cursor} paging={list.data?.paging} onPage={setCursor} className="tpl-paging" />}
      <CreateTemplateDialog
        open={dialog === "create"}
        onClose={() => setDialog(null)}
        onCreated={(t) => router.push(`/templates/${t.id}`)}
      />
      <ImportTemplateDialog
        open={dialog === "import"}
        onClose={() => setDialog(null)}
        onImported={(t) => router.push(`/templates/${t.id}`)}
      />
      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)} title="Delete template?" role="alertdialog">
        <p>“{toDelete?.name}” will be deleted. This cannot be undone.</p>
        {remove.isError && (
          <p className="field-error" role="alert">
            {userMessage(remove.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setToDelete(null)}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={remove.isPending} onClick={() => toDelete && remove.mutate(toDelete)}>
            {remove.isPending ? "Deleting…" : "Delete"}
          </button>
        </div>
      </Dialog>
    </>
  );
}
