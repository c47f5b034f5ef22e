import type { Metadata } from "next";
import Link from "next/link";
import { ApiKeysPanel } from "@/components/settings/api-keys-panel";

export const metadata: Metadata = { title: "API keys" };

export default function ApiKeysPage() {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/settings">Settings</Link> <span aria-hidden="true">/</span> <span aria-current="page">API keys</span>
      </nav>
      <div className="page-header">
        <h1 className="page-title">API keys</h1>
        <p className="muted">
          An API key gives full access to this brand through the <Link href="/docs/api">Inkwell API</Link>. Keep keys on your servers, never in a browser or app.
        </p>
      </div>
      <ApiKeysPanel />
    </>
  );
}
