// Tells the merchant that an integration still calls the deprecated v4 API, and by when to migrate.
// Renders nothing for a brand without v4 calls in the last 30 days.
import Link from "next/link";
import { MIGRATION_GUIDE, sunsetAt } from "@/lib/v4/lifecycle";
import { v4UsageSummary } from "@/lib/v4/usage";

const WINDOW_DAYS = 30;

function formatDay(date: Date): string {
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

export async function V4UsageNotice({ brandId }: { brandId: string }) {
  const usage = await v4UsageSummary(brandId, WINDOW_DAYS);
  if (usage.calls === 0 || !usage.lastCallAt) return null;
  const sunset = sunsetAt();
  const last = usage.lastCallAt.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  // One string, so the sentence reads (and is found) as one piece of text.
  const summary = `Your integrations called the deprecated v4 API ${usage.calls.toLocaleString("en-US")} time${usage.calls === 1 ? "" : "s"} in the last ${WINDOW_DAYS} days`;
  const endpoints = usage.endpoints.map((e) => `/v4/${e}`).join(", ");
  return (
    <div className="alert alert-warning v4-usage-notice" role="status" data-testid="v4-usage-notice">
      <p>
        <strong>{summary}</strong> (last: <time dateTime={usage.lastCallAt.toISOString()}>{last}</time>; endpoints: {endpoints}).
      </p>
      <p>
        v4 stops working on {formatDay(sunset)}. Migrate before then: <Link href={MIGRATION_GUIDE}>v4 migration guide</Link>.
      </p>
    </div>
  );
}
