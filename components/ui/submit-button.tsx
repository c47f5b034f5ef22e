"use client";
// A submit button that shows it is working while its form's action runs (pass `pending` when the
// action is started by hand, e.g. through useKeepValuesSubmit, which useFormStatus does not see).
import { useFormStatus } from "react-dom";

type Props = { children: React.ReactNode; pendingText: string; pending?: boolean; className?: string };

export function SubmitButton({ children, pendingText, pending: busy = false, className = "btn btn-primary" }: Props) {
  const status = useFormStatus();
  const pending = busy || status.pending;
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingText : children}
    </button>
  );
}
