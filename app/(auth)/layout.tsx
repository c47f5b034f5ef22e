// Sign-in and sign-up: a single centered card.
import Link from "next/link";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="auth-layout">
      <main id="main" className="auth-card">
        <Link href="/" className="brand-mark auth-brand">
          <span aria-hidden="true" className="brand-dot" />
          Inkwell
        </Link>
        {children}
      </main>
      <p className="auth-footer">
        <Link href="/docs">API documentation</Link>
      </p>
    </div>
  );
}
