"use client";
// Settings → API keys: create, list and revoke the brand's keys.
import { useState } from "react";
import type { ApiKey, CreatedApiKey } from "./api-keys-client";
import { ApiKeysTable } from "./api-keys-table";
import { CreateApiKeyForm } from "./create-api-key-form";
import { NewApiKeyDialog } from "./new-api-key-dialog";
import { RevokeApiKeyDialog } from "./revoke-api-key-dialog";

export function ApiKeysPanel() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <div className="stack-lg">
      <CreateApiKeyForm onCreated={setCreated} />
      <section aria-labelledby="keys-title" className="stack">
        <h2 id="keys-title" className="section-title">
          Keys
        </h2>
        <ApiKeysTable onRevoke={setRevoking} />
      </section>
      <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
