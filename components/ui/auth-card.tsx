// A page of its own with one centered card under the Inkwell mark: sign-in, sign-up, OAuth consent.
import Link from "next/link";
import "./auth-card.css";

type Props = { children: React.ReactNode; footer?: React.ReactNode; wide?: boolean; labelledBy?: string; role?: "alert" };

export function AuthCard({ children, footer, wide = false, labelledBy, role }: Props) {
  return (
    <div className="auth-layout">
      <main id="main" className={wide ? "auth-card auth-card-wide" : "auth-card"} aria-labelledby={labelledBy} role={role}>
        <Link href="/" className="brand-mark auth-brand">
          <span aria-hidden="true" className="brand-dot" />
          Inkwell
        </Link>
        {children}
      </main>
      {footer}
    </div>
  );
}
