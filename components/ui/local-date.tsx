"use client";
// Dates and numbers a server component renders, shown in the viewer's own locale and time zone through
// the one formatter (components/ui/format.ts). The server does not know them: it renders the instant in
// UTC (and the bare number), and the browser re-renders with the viewer's format once hydrated. (Hydration
// keeps the server's text, even with suppressHydrationWarning, so the switch is a second render.)
import { useSyncExternalStore } from "react";
import { formatCount, formatDate, formatDateTime, formatUtc } from "./format";

const never = () => () => {};
/** False on the server and during hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

export function LocalDate({
  value,
  withTime = false,
  empty = "Never",
}: {
  value: Date | string | null | undefined;
  withTime?: boolean;
  empty?: string;
}) {
  const hydrated = useHydrated();
  if (!value) return <>{empty}</>;
  const iso = typeof value === "string" ? value : value.toISOString();
  return <time dateTime={iso}>{!hydrated ? formatUtc(iso, withTime) : withTime ? formatDateTime(iso) : formatDate(iso)}</time>;
}

/** A count in the viewer's digits, in a sentence kept as one text ("… called the API 12,345 times in …"). */
export function LocalCount({
  value,
  one,
  many,
  before = "",
  after = "",
}: {
  value: number;
  one: string;
  many: string;
  before?: string;
  after?: string;
}) {
  const count = useHydrated() ? formatCount(value, one, many) : `${value} ${value === 1 ? one : many}`;
  return <>{`${before}${count}${after}`}</>;
}
