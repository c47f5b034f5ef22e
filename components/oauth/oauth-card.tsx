// The consent and authorization-error pages: one centered card, like sign-in (they have no dashboard shell).
import Link from "next/link";

export function OAuthCard({ labelledBy, role, children }: { labelledBy: string; role?: "alert"; children: React.ReactNode }) {
  return (
    <div className="auth-layout">
      <main id="main" className="auth-card auth-card-wide" aria-labelledby={labelledBy} role={role}>
        <Link href="/" className="brand-mark auth-brand">
          <span aria-hidden="true" className="brand-dot" />
          Inkwell
        </Link>
        {children}
      </main>
    </div>
  );
}
