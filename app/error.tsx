"use client";
// Shown when rendering fails unexpectedly. Internals stay on the server; the digest lets support
// find the matching server log line.
import Link from "next/link";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="center-page">
      <div className="empty-state" role="alert">
        <h1 className="empty-state-title">Something went wrong</h1>
        <p>Inkwell could not show this page. Try again; if it keeps happening, let your administrator know.</p>
        {error.digest && (
          <p className="muted">
            Reference: <code>{error.digest}</code>
          </p>
        )}
        <div className="empty-state-action cluster">
          <button type="button" className="btn btn-primary" onClick={() => reset()}>
            Try again
          </button>
          <Link href="/" className="btn btn-secondary">
            Go to Inkwell
          </Link>
        </div>
      </div>
    </main>
  );
}
