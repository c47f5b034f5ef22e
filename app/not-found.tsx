import Link from "next/link";

export default function NotFound() {
  return (
    <main id="main" className="center-page">
      <div className="empty-state">
        <p className="eyebrow">404</p>
        <h1 className="empty-state-title">Page not found</h1>
        <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
        <div className="empty-state-action cluster">
          <Link href="/" className="btn btn-primary">
            Go to Inkwell
          </Link>
          <Link href="/docs" className="btn btn-secondary">
            Documentation
          </Link>
        </div>
      </div>
    </main>
  );
}
