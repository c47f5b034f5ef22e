import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Settings" };

const SECTIONS = [
  { href: "/settings/brand", title: "Brand", text: "Your brand’s name and the postal address your email footers show." },
  {
    href: "/settings/sending",
    title: "Sending",
    text: "The domains and addresses you send from, open and click tracking, and addresses never mailed.",
  },
  {
    href: "/settings/topics",
    title: "Subscription topics",
    text: "The kinds of email you send, which people subscribe to and leave one by one.",
  },
  { href: "/settings/api-keys", title: "API keys", text: "Keys your own systems use to call the Inkwell API for this brand." },
  {
    href: "/settings/connected-apps",
    title: "Connected apps",
    text: "Third-party apps you have allowed to access this brand, and what they may do.",
  },
  { href: "/developer-apps", title: "Developer apps", text: "OAuth apps you build on Inkwell: client ids, secrets and redirect URLs." },
] as const;

export default function SettingsPage() {
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Settings</h1>
      </div>
      <ul className="card-grid">
        {SECTIONS.map((s) => (
          <li key={s.href}>
            <Link href={s.href} className="card card-link">
              <h2 className="card-title">{s.title}</h2>
              <p className="muted">{s.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
