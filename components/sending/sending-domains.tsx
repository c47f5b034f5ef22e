"use client";
// Settings → Sending: the domains the brand sends from, the DNS records each needs (copyable), and a
// check of those records.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { addDomain, checkDomain, domainsKey, listDomains, removeDomain, type DnsRecord, type SendingDomain } from "./sending-client";

const PURPOSE: Record<DnsRecord["purpose"], string> = {
  dkim: "DKIM (required: proves the domain is yours and signs your emails)",
  spf: "SPF (recommended)",
  dmarc: "DMARC (recommended)",
};
const STATUS: Record<DnsRecord["status"], { label: string; badge: string }> = {
  ok: { label: "Found", badge: "badge-success" },
  missing: { label: "Not found", badge: "badge-warning" },
  mismatch: { label: "Found, but different", badge: "badge-danger" },
  error: { label: "DNS did not answer", badge: "badge-warning" },
  unchecked: { label: "Not checked yet", badge: "badge-muted" },
};

function DomainCard({ domain }: { domain: SendingDomain }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: domainsKey });
  const check = useMutation({ mutationFn: () => checkDomain(domain.id), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => removeDomain(domain.id), onSuccess: refresh });
  return (
    <li className="card stack" aria-labelledby={`domain-${domain.id}`}>
      <div className="cluster">
        <h3 id={`domain-${domain.id}`} className="card-title">
          {domain.domain}
        </h3>
        <span className={`badge ${domain.verified ? "badge-success" : "badge-warning"}`}>
          {domain.verified ? "Verified" : "Not verified yet"}
        </span>
      </div>
      <p className="muted">
        {domain.verified
          ? "Every address on this domain is a verified sender, and emails from it are signed with its DKIM key."
          : "Publish these records at your DNS provider, then check. DNS changes can take a while to show."}
        {domain.lastCheckedAt ? ` Last checked ${formatDateTime(domain.lastCheckedAt)}.` : ""}
      </p>
      <ul className="dns-records" aria-label={`DNS records of ${domain.domain}`}>
        {domain.records.map((r) => (
          <li key={r.purpose} className="dns-record">
            <div className="cluster">
              <strong>{PURPOSE[r.purpose]}</strong>
              <span className={`badge ${STATUS[r.status].badge}`}>{STATUS[r.status].label}</span>
            </div>
            <span>
              {r.type} record at <code>{r.host}</code>
            </span>
            <pre className="dns-record-value">{r.value}</pre>
            <div className="cluster">
              <CopyButton value={r.host} label="Copy name" className="btn btn-secondary btn-sm" />
              <CopyButton value={r.value} label="Copy value" className="btn btn-secondary btn-sm" />
            </div>
          </li>
        ))}
      </ul>
      <div className="cluster">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? "Checking…" : "Check DNS"}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Remove domain
        </button>
      </div>
      {(check.isError || remove.isError) && (
        <p className="field-error" role="alert">
          {userMessage(check.error ?? remove.error)}
        </p>
      )}
    </li>
  );
}

export function SendingDomains() {
  const queryClient = useQueryClient();
  const [domain, setDomain] = useState("");
  const domains = useQuery({ queryKey: domainsKey, queryFn: listDomains });
  const add = useMutation({
    mutationFn: addDomain,
    onSuccess: () => {
      setDomain("");
      void queryClient.invalidateQueries({ queryKey: domainsKey });
    },
  });
  return (
    <div className="stack">
      <form
        className="inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(domain);
        }}
      >
        <Field
          label="Domain"
          name="domain"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          placeholder="acme.com"
          hint="The part after the @ of the addresses you send from."
          error={add.isError ? userMessage(add.error) : undefined}
          autoComplete="off"
          required
        />
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add domain"}
        </button>
      </form>
      {domains.isPending ? (
        <p className="loading" role="status">
          Loading domains…
        </p>
      ) : domains.isError ? (
        <div className="alert alert-error" role="alert">
          Could not load domains: {userMessage(domains.error)}
        </div>
      ) : domains.data.length === 0 ? (
        <EmptyState title="No sending domains yet" headingLevel={3}>
          <p>Add the domain you send from to verify all its addresses at once and sign your emails with DKIM.</p>
        </EmptyState>
      ) : (
        <ul className="stack sender-list" aria-label="Sending domains">
          {domains.data.map((d) => (
            <DomainCard key={d.id} domain={d} />
          ))}
        </ul>
      )}
    </div>
  );
}
