// The header of a page under Settings: the breadcrumb back to Settings, the title and what the page is for.
import Link from "next/link";

export function SettingsPageHeader({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/settings">Settings</Link> <span aria-hidden="true">/</span> <span aria-current="page">{title}</span>
      </nav>
      <div className="page-header">
        <h1 className="page-title">{title}</h1>
        <p className="muted">{children}</p>
      </div>
    </>
  );
}
