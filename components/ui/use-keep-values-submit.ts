"use client";
// React 19 resets a <form action={fn}> after the action finishes, which would wipe what the person typed
// when the server answers with errors. Submitting through this handler runs the same action without
// the reset; without JavaScript the form still posts to the server action natively.
import { startTransition, type FormEvent } from "react";

export function useKeepValuesSubmit(action: (form: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => action(form));
  };
}
