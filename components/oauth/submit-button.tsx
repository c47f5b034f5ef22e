"use client";
import { useFormStatus } from "react-dom";
import styles from "./oauth.module.css";

/** A submit button that shows the pending state of its form. */
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  name,
  value,
  ariaLabel,
}: {
  children: React.ReactNode;
  pendingLabel: string;
  variant?: "primary" | "secondary" | "danger";
  name?: string;
  value?: string;
  ariaLabel?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={styles[variant]} disabled={pending} aria-disabled={pending} name={name} value={value} aria-label={ariaLabel}>
      {pending ? pendingLabel : children}
    </button>
  );
}
