// Public documentation: no sign-in needed.
import Link from "next/link";

export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Link href="/docs" className="brand-mark">
            <span aria-hidden="true" className="brand-dot" />
            Inkwell <span className="brand-sub">Docs</span>
          </Link>
          <nav aria-label="Documentation" className="docs-nav">
            <Link href="/docs/api" className="nav-link">
              API reference
            </Link>
            <Link href="/login" className="nav-link">
              Sign in
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="container main docs" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
