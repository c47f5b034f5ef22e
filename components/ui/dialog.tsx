"use client";
// A modal dialog on the native <dialog> element: the browser traps focus and closes it on Escape;
// focus goes back to what had it before the dialog opened.
import { useEffect, useId, useRef } from "react";

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  /** "alertdialog" for confirmations that need an answer. */
  role?: "dialog" | "alertdialog";
  className?: string;
};

export function Dialog({ open, onClose, title, children, role = "dialog", className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`dialog ${className ?? ""}`}
      onClose={() => {
        onClose();
        const target = returnFocus.current;
        returnFocus.current = null;
        if (target?.isConnected) target.focus();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
