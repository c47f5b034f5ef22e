"use client";
// Main navigation; the current section is marked with aria-current for assistive technology.
import Link from "next/link";
import { usePathname } from "next/navigation";
import "./top-bar.css";

export const NAV_ITEMS = [
  { href: "/campaigns", label: "Campaigns" },
  { href: "/templates", label: "Templates" },
  { href: "/outbox", label: "Outbox" },
  { href: "/contacts", label: "Contacts" },
  { href: "/segments", label: "Segments" },
  { href: "/automations", label: "Automations" },
  { href: "/forms", label: "Forms" },
  { href: "/events", label: "Events" },
  { href: "/settings", label: "Settings" },
] as const;

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <ul className="nav-list">
      {NAV_ITEMS.map((item) => {
        const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href}>
            <Link href={item.href} className="nav-link" aria-current={active ? "page" : undefined} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
