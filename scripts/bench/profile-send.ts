// Ad-hoc: the delivery pipeline's CPU per message in one process, with a transport that builds the message
// (MIME, and DKIM as bench:send configures it; PROFILE_DKIM=off: unsigned) and accepts it at once.
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const N = Number(process.env.N ?? 3000);
async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prof-send-"));
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, "x.db")}`,
    AUTH_SECRET: "profile-secret-0123456789",
    SMTP_FROM: "P <news@p.test>",
    SMTP_FROM_SHARED: "on",
  });
  if (process.env.PROFILE_DKIM !== "off") {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    fs.writeFileSync(path.join(dir, "dkim.pem"), privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    Object.assign(process.env, { DKIM_PRIVATE_KEY_FILE: path.join(dir, "dkim.pem"), DKIM_SELECTOR: "bench", DKIM_DOMAIN: "p.test" });
  }
  const { applyMigrations } = await import("../db/migrate");
  await applyMigrations();
  const { createBrand } = await import("@/lib/brands/create-brand");
  const brand = await createBrand({ name: "P", plan: "pro" });
  const { createTemplate } = await import("@/lib/templates/save-template");
  const { newsletterTemplate, seedAudience, audience, catalogProducts } = await import("./delivery-fixtures");
  const { insertProduct } = await import("@/lib/products/write-catalog");
  const { writeTransaction } = await import("@/lib/db/sql");
  const { ProductInput } = await import("@/lib/products/schemas");
  for (const p of catalogProducts()) await writeTransaction((tx) => insertProduct(tx, brand.id, ProductInput.parse(p), new Date()));
  const template = JSON.parse(await createTemplate(brand.id, newsletterTemplate()));
  await seedAudience(brand.id, N);
  const { enqueueMessages } = await import("@/lib/delivery");
  let t = performance.now();
  const r = await enqueueMessages(brand.id, {
    source: { kind: "campaign", id: "p" },
    content: {
      templateId: template.id,
      subject: "Hi [[contact.first_name]]",
      senderName: "P",
      senderEmail: "news@p.test",
      utm: { source: "x" },
    },
    recipients: audience(brand.id),
  });
  console.log(`enqueue ${r.queued} in ${(performance.now() - t).toFixed(0)} ms`);
  const { claimMessages } = await import("@/lib/delivery/queue/claim-messages");
  const { deliverMessages, recordResults } = await import("@/lib/delivery/worker/process-messages");
  const { shareRecipientIndependentCandidates } = await import("@/lib/products/recommend");
  shareRecipientIndependentCandidates(60_000);
  const { signedNodemailerMessage } = await import("@/lib/delivery/transport/smtp");
  const transport = {
    kind: "smtp" as const,
    send: async (mail: Parameters<typeof signedNodemailerMessage>[0]) => (
      await signedNodemailerMessage(mail),
      { result: "sent" as const, response: "250 ok" }
    ),
    close() {},
  };
  let claim = 0,
    deliver = 0,
    record = 0,
    n = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (;;) {
    t = performance.now();
    const batch = await claimMessages("w", 200, 60_000);
    claim += performance.now() - t;
    if (batch.length === 0) break;
    t = performance.now();
    const results = await deliverMessages(batch, transport);
    deliver += performance.now() - t;
    t = performance.now();
    await recordResults("w", results, "smtp");
    record += performance.now() - t;
    n += batch.length;
    if (n % 2000 === 0) {
      const m = process.memoryUsage();
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const after = process.memoryUsage();
      console.log(
        `${n}: rss ${Math.round(m.rss / 1048576)} MB heap ${Math.round(m.heapUsed / 1048576)} MB external ${Math.round(m.external / 1048576)} MB arrayBuffers ${Math.round(m.arrayBuffers / 1048576)} MB; after gc heap ${Math.round(after.heapUsed / 1048576)} MB rss ${Math.round(after.rss / 1048576)} MB`,
      );
    }
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${n} messages in ${(performance.now() - start).toFixed(0)} ms; per message: claim ${(claim / n).toFixed(3)} ms, deliver ${(deliver / n).toFixed(3)} ms, record ${(record / n).toFixed(3)} ms; CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms/message`,
  );
  process.exit(0);
}
void main();
