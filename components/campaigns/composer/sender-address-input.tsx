"use client";
// The sender address: one of the brand's verified senders (Settings → Sending verifies addresses and
// domains). Typed, with the verified addresses offered as suggestions.
import { Field } from "@/components/ui/field";

export function SenderAddressInput({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <Field
      label="Sender address"
      name="senderEmail"
      type="email"
      value={value}
      maxLength={254}
      required
      autoComplete="email"
      hint="A verified sender address of your brand."
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
