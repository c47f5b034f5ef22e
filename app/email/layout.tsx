// Pages a recipient reaches from an email (unsubscribe, preferences): no sign-in, the brand's name
// first, never indexed.
import type { Metadata } from "next";
import "@/components/ui/auth-card.css";
import "@/components/recipient-pages/recipient-pages.css";

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: "no-referrer" };

export default function RecipientLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="auth-layout">
      <main id="main" className="auth-card recipient-card">
        {children}
      </main>
    </div>
  );
}
