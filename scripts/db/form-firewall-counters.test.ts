// The signup firewall (lib/forms/firewall) on PostgreSQL, where any number of instances serve one database:
// the signup limits live in rate_limit_counters and the spent solutions in FormChallengeSpent, where every
// instance sees them, so a solution replayed to another instance is still replayed. (Here, beside the other engine-specific
// tests: nothing under lib/ names an engine.) Skipped where PostgreSQL is not installed (CI installs it),
// like objects.test.ts.
import { afterAll, describe, expect, it } from "vitest";
import { solveAltcha } from "@/tests/fixtures/altcha";
import { applyMigrations } from "./migrate";
import { createDatabase, findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

let postgres: ThrowawayPostgres | undefined;
afterAll(async () => {
  // the process's pool first, so that stopping the cluster does not cut live connections
  if (postgres) await (await import("@/lib/db")).closeDatabase();
  postgres?.stop();
});

describe("the firewall's counters on PostgreSQL", () => {
  it("keeps spent solutions in FormChallengeSpent and limits in rate_limit_counters", async (context) => {
    if (!findPostgresBin() && !process.env.TEST_POSTGRES_URL) return context.skip("PostgreSQL is not installed");
    postgres = process.env.TEST_POSTGRES_URL ? { url: process.env.TEST_POSTGRES_URL, stop() {} } : await startThrowawayPostgres();
    const url = await createDatabase(postgres.url, "inkwell_form_firewall");
    await applyMigrations(url);
    Object.assign(process.env, {
      DATABASE_URL: url,
      AUTH_SECRET: "unit-test-secret-form-firewall-pg",
      FORMS_CHALLENGE_MAX_NUMBER: "1000",
      FORMS_SIGNUPS_PER_IP_PER_HOUR: "2",
      DNS_RESOLVER: "127.0.0.1:9", // nothing answers: the domain check accepts
    });
    const { createChallenge } = await import("@/lib/forms/firewall/challenge");
    const { screenSubmission } = await import("@/lib/forms/firewall/screen");
    const solved = async () => {
      const c = await createChallenge({ brandID: "brand-pg", formID: "form-pg" });
      return { signature: c.signature, altcha: solveAltcha(c) };
    };
    const base = {
      brandID: "brand-pg",
      formID: "form-pg",
      email: "ada@acme.test",
      honeypot: "",
      acceptTypo: true,
      ip: "192.0.2.1",
      userAgent: "vitest",
    };

    const first = await solved();
    expect(await screenSubmission({ ...base, altcha: first.altcha })).toEqual({ verdict: "accept" });
    expect(await screenSubmission({ ...base, altcha: first.altcha })).toEqual({ verdict: "drop", reason: "replayed-challenge" });
    expect(await screenSubmission({ ...base, altcha: (await solved()).altcha })).toEqual({ verdict: "accept" });
    expect(await screenSubmission({ ...base, altcha: (await solved()).altcha })).toMatchObject({ status: 429, code: "rate-limited" });

    const { Client } = await import("pg");
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const rows = (await client.query(`SELECT key, points FROM rate_limit_counters WHERE key LIKE 'form-%' ORDER BY key`)).rows;
      expect(rows).toContainEqual({ key: "form-signups-ip:brand-pg|192.0.2.1", points: 3 });
      const spent = (await client.query(`SELECT "signature" FROM "FormChallengeSpent"`)).rows;
      expect(spent).toContainEqual({ signature: first.signature });
    } finally {
      await client.end();
    }
  }, 120_000);
});
