"use client";
// Settings → Sending: single sender addresses, verified by a link Inkwell emails to them (or by their
// verified domain).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { userMessage } from "@/components/ui/messages";
import { addAddress, addressesKey, listAddresses, removeAddress, resendConfirmation, type SenderAddress } from "./sending-client";

const VERIFIED_BY: Record<NonNullable<SenderAddress["verifiedBy"]>, string> = {
  domain: "Verified by its domain",
  link: "Verified",
  admin: "Verified by the operator",
};

function AddressRow({ address }: { address: SenderAddress }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressesKey });
  const resend = useMutation({ mutationFn: () => resendConfirmation(address.id), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => removeAddress(address.id), onSuccess: refresh });
  return (
    <li className="sender-row">
      <span className="sender-row-name">
        <strong>{address.name}</strong> &lt;{address.email}&gt;
      </span>
      <span className="cluster">
        <span className={`badge ${address.verified ? "badge-success" : "badge-warning"}`}>
          {address.verifiedBy
            ? VERIFIED_BY[address.verifiedBy]
            : address.reconfirmationRequired
              ? "Confirm again"
              : "Waiting for the confirmation link"}
        </span>
        {!address.verified && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isSuccess ? "Link sent again" : address.reconfirmationRequired ? "Send a new link" : "Send the link again"}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
          aria-label={`Remove ${address.email}`}
        >
          Remove
        </button>
      </span>
      {address.reconfirmationRequired && !address.verified && (
        <p className="hint">
          Confirmed while this Inkwell delivered nothing (the link was read in the Outbox), so it does not count now that email is
          delivered: confirm the address again before sending from it.
        </p>
      )}
      {(resend.isError || remove.isError) && (
        <p className="field-error" role="alert">
          {userMessage(resend.error ?? remove.error)}
        </p>
      )}
    </li>
  );
}

export function SenderAddresses({
  deploymentSender,
  deploymentSenderShared,
}: {
  deploymentSender: string;
  deploymentSenderShared: boolean;
}) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const addresses = useQuery({ queryKey: addressesKey, queryFn: listAddresses });
  const add = useMutation({
    mutationFn: addAddress,
    onSuccess: () => {
      setEmail("");
      setName("");
      void queryClient.invalidateQueries({ queryKey: addressesKey });
    },
  });
  const errorOf = (field: string) =>
    add.error && "fieldError" in add.error ? (add.error as { fieldError(f: string): string | undefined }).fieldError(field) : undefined;
  return (
    <div className="stack">
      <p className="muted">
        {deploymentSenderShared ? (
          <>
            <strong>{deploymentSender}</strong> (this Inkwell’s own sender) can always be used; your emails from it carry your brand’s name.
          </>
        ) : (
          <>
            <strong>{deploymentSender}</strong> is this Inkwell’s own sender, for its test emails and confirmation links: campaigns and
            automations send from your brand’s verified addresses and domains.
          </>
        )}
      </p>
      <form
        className="inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate({ email, name });
        }}
      >
        <Field
          label="Sender name"
          name="sender-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={250}
          required
          error={errorOf("name") ? "Enter the name recipients see." : undefined}
        />
        <Field
          label="Email address"
          name="sender-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          error={errorOf("email") ? "Enter an email address, such as news@acme.com." : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add address"}
        </button>
      </form>
      {add.isError && !errorOf("email") && !errorOf("name") && (
        <p className="field-error" role="alert">
          {userMessage(add.error)}
        </p>
      )}
      {add.isSuccess && !add.data.verified && (
        <p className="alert alert-info" role="status">
          A confirmation link is on its way to {add.data.email}. The address can send once its owner confirms.
        </p>
      )}
      {addresses.isPending ? (
        <p className="loading" role="status">
          Loading sender addresses…
        </p>
      ) : addresses.isError ? (
        <div className="alert alert-error" role="alert">
          Could not load sender addresses: {userMessage(addresses.error)}
        </div>
      ) : addresses.data.length === 0 ? (
        <EmptyState title="No sender addresses yet" headingLevel={3}>
          <p>Add an address to send from it. Addresses on a verified domain need no confirmation.</p>
        </EmptyState>
      ) : (
        <ul className="sender-list" aria-label="Sender addresses">
          {addresses.data.map((a) => (
            <AddressRow key={a.id} address={a} />
          ))}
        </ul>
      )}
    </div>
  );
}
