// Tells the merchant that an integration still calls the deprecated v4 API, and by when to migrate.
// Renders nothing for a brand without v4 calls in the last 30 days. Dates and the count are shown in the
// viewer's locale and time zone (LocalDate, LocalCount), as everywhere in the dashboard.
import Link from "next/link";
import { LocalCount, LocalDate } from "@/components/ui/local-date";
import { MIGRATION_GUIDE, sunsetAt } from "@/lib/v4/lifecycle";
import { v4UsageSummary } from "@/lib/v4/usage";
import "./v4-usage-notice.css";

const WINDOW_DAYS = 30;

export async function V4UsageNotice({ brandId }: { brandId: string }) {
  const usage = await v4UsageSummary(brandId, WINDOW_DAYS);
  if (usage.calls === 0 || !usage.lastCallAt) return null;
  const endpoints = usage.endpoints.map((e) => `/v4/${e}`).join(", ");
  return (
    <div className="alert alert-warning v4-usage-notice" role="status" data-testid="v4-usage-notice">
      <p>
        <strong>
          {/* One text, so the sentence reads (and is found) as one piece. */}
          <LocalCount
            before="Your integrations called the deprecated v4 API "
            value={usage.calls}
            one="time"
            many="times"
            after={` in the last ${WINDOW_DAYS} days`}
          />
        </strong>{" "}
        (last: <LocalDate value={usage.lastCallAt} withTime />; endpoints: {endpoints}).
      </p>
      <p>
        v4 stops working on <LocalDate value={sunsetAt()} withTime />. Migrate before then:{" "}
        <Link href={MIGRATION_GUIDE}>v4 migration guide</Link>.
      </p>
    </div>
  );
}
