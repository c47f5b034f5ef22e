"use client";
// The brand's API keys: loading, error, empty and list states.
import { useQuery } from "@tanstack/react-query";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { apiKeysQueryKey, listApiKeys, type ApiKey } from "./api-keys-client";

const when = (iso: string | null) => (iso ? formatDateTime(iso) : "never");

export function ApiKeysTable({ onRevoke }: { onRevoke: (key: ApiKey) => void }) {
  const keys = useQuery({ queryKey: apiKeysQueryKey, queryFn: listApiKeys });

  if (keys.isPending) {
    return (
      <p className="loading" role="status">
        Loading API keys…
      </p>
    );
  }
  if (keys.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>Could not load API keys: {userMessage(keys.error)}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => keys.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (keys.data.length === 0) {
    return (
      <EmptyState title="No API keys yet">
        <p>Create a key above to let your own systems call the Inkwell API for this brand.</p>
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table table-stack">
        <caption className="visually-hidden">API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.data.map((key) => (
            <tr key={key.id}>
              <th scope="row" className="cell-strong" data-label="Name">
                {key.name}
              </th>
              <td data-label="Key">
                <code>{key.prefix}…</code>
              </td>
              <td data-label="Created">{when(key.createdAt)}</td>
              <td data-label="Last used">{when(key.lastUsedAt)}</td>
              <td data-label="Status">
                {key.revokedAt ? (
                  <span className="badge badge-muted" title={`Revoked ${when(key.revokedAt)}`}>
                    Revoked
                  </span>
                ) : (
                  <span className="badge badge-success">Active</span>
                )}
              </td>
              <td className="cell-actions">
                {!key.revokedAt && (
                  <button
                    type="button"
                    className="btn btn-danger-ghost btn-sm"
                    onClick={() => onRevoke(key)}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
