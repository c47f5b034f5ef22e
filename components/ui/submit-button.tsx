"use client";
// A submit button that shows it is working while its form's action runs (pass `pending` when the
// action is started by hand, e.g. through useKeepValuesSubmit, which useFormStatus does not see).
import type { ButtonHTMLAttributes } from "react";
import { useFormStatus } from "react-dom";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> & {
  children: React.ReactNode;
  pendingText: string;
  pending?: boolean;
};

export function SubmitButton({ children, pendingText, pending: busy = false, className = "btn btn-primary", ...button }: Props) {
  const status = useFormStatus();
  const pending = busy || status.pending;
  return (
    <button type="submit" className={className} disabled={pending} {...button}>
      {pending ? pendingText : children}
    </button>
  );
}
