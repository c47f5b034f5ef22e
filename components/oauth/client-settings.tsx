// The operator's per-app settings on the OAuth app requests page: PKCE and token introspection.
import type { ClientSummary } from "@/lib/oauth/clients";
import { updateClientSettingAction } from "@/lib/oauth/dashboard-actions";
import { SubmitButton } from "@/components/ui/submit-button";
import "./oauth.css";

function Toggle({
  client,
  setting,
  on,
  label,
}: {
  client: ClientSummary;
  setting: "requirePkce" | "resourceServer";
  on: boolean;
  label: string;
}) {
  return (
    <form action={updateClientSettingAction}>
      <input type="hidden" name="clientId" value={client.clientId} />
      <input type="hidden" name="setting" value={setting} />
      <input type="hidden" name="value" value={String(!on)} />
      <SubmitButton className="btn btn-secondary btn-sm" pendingText="Saving…" aria-label={`${label} for ${client.name}`}>
        {label}
      </SubmitButton>
    </form>
  );
}

export function PkceSetting({ client }: { client: ClientSummary }) {
  if (client.clientType === "public") return <span>Always required (public app)</span>;
  return (
    <span className="setting">
      <span>{client.requirePkce ? "Required" : "Optional"}</span>
      <Toggle
        client={client}
        setting="requirePkce"
        on={client.requirePkce}
        label={client.requirePkce ? "Make PKCE optional" : "Require PKCE"}
      />
    </span>
  );
}

export function IntrospectionSetting({ client }: { client: ClientSummary }) {
  return (
    <span className="setting">
      <span>{client.resourceServer ? "Any access token (resource server)" : "Its own tokens"}</span>
      <Toggle
        client={client}
        setting="resourceServer"
        on={client.resourceServer}
        label={client.resourceServer ? "Limit introspection to its own tokens" : "Let it introspect any access token"}
      />
    </span>
  );
}
