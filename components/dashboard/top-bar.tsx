"use client";
// The dashboard's top bar. On narrow screens the navigation and account controls fold into a menu
// opened by a button (Escape closes it and returns focus to the button).
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { signOutAction } from "@/lib/accounts/dashboard-actions";
import { BrandSwitcher } from "./brand-switcher";
import { NavLinks } from "./nav-links";
import "./top-bar.css";

type Props = { email: string; brands: { id: string; name: string }[]; activeBrandId: string | null };

export function TopBar({ email, brands, activeBrandId }: Props) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const activeBrand = brands.find((b) => b.id === activeBrandId);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link href="/templates" className="brand-mark">
          <span aria-hidden="true" className="brand-dot" />
          Inkwell
        </Link>
        <button
          ref={toggle}
          type="button"
          className="btn btn-ghost menu-toggle"
          aria-expanded={open}
          aria-controls="dashboard-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className="menu-icon" />
          Menu
        </button>
        <div id="dashboard-menu" className="topbar-menu" data-open={open}>
          <nav aria-label="Main">
            <NavLinks onNavigate={() => setOpen(false)} />
          </nav>
          <div className="account">
            {brands.length > 1 && activeBrandId ? (
              <BrandSwitcher brands={brands} activeId={activeBrandId} />
            ) : (
              activeBrand && <span className="account-brand">{activeBrand.name}</span>
            )}
            <span className="account-email" title={email}>
              {email}
            </span>
            <form action={signOutAction}>
              <button type="submit" className="btn btn-secondary btn-sm">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </div>
    </header>
  );
}
