"use client";
// A date a server component renders, shown in the viewer's own locale and time zone through the one
// formatter (components/ui/format.ts). The server's text (UTC) is replaced after hydration.
import { formatDate, formatDateTime } from "./format";

export function LocalDate({ value, withTime = false, empty = "Never" }: { value: Date | string | null | undefined; withTime?: boolean; empty?: string }) {
  if (!value) return <>{empty}</>;
  const iso = typeof value === "string" ? value : value.toISOString();
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {withTime ? formatDateTime(iso) : formatDate(iso)}
    </time>
  );
}
