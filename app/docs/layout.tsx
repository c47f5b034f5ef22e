// Public documentation: no sign-in needed; a signed-in reader sees who they are and a way back.
import Link from "next/link";
import { auth } from "@/lib/auth/config";
import "@/components/dashboard/top-bar.css";
import "@/components/docs/docs.css";

export default async function DocsLayout({ children }: { children: React.ReactNode }) {
  const session = await auth();
  const email = session?.user?.id ? (session.user.email ?? "you") : null;
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
            {email ? (
              <>
                <Link href="/templates" className="nav-link">
                  Dashboard
                </Link>
                <span className="docs-account muted small" title={email}>
                  <span className="visually-hidden">Signed in as </span>
                  {email}
                </span>
              </>
            ) : (
              <Link href="/login" className="nav-link">
                Sign in
              </Link>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className="container main docs" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
