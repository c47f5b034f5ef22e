"use client";
// The error state of the OAuth dashboard pages (inside the dashboard's <main>, so no landmark of its own).

export function OAuthPageError({ title, error, reset }: { title: string; error: Error & { digest?: string }; reset: () => void }) {
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">{title}</h1>
      </div>
      <div className="alert alert-error" role="alert">
        <p>This page could not be loaded. Try again; if it keeps failing, let your operator know.</p>
        {error.digest && (
          <p>
            Reference: <code>{error.digest}</code>
          </p>
        )}
        <button type="button" className="btn btn-secondary btn-sm" onClick={reset}>
          Try again
        </button>
      </div>
    </>
  );
}
