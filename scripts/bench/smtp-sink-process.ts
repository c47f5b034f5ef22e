// The SMTP sink of bench:send and the delivery crash test as a process of its own (so its CPU is not the
// measured process's): tests/fixtures/smtp-sink.ts without keeping bodies, counting by Message-ID. It
// tells its parent its port, and answers {type: "stats"} with the counts.
import { startSmtpSink } from "../../tests/fixtures/smtp-sink";

async function main() {
  const sink = await startSmtpSink({ keepRaw: false });
  process.send!({ type: "ready", port: sink.port });
  process.on("message", (message: { type?: string }) => {
    if (message?.type === "stats") {
      let duplicates = 0;
      for (const n of sink.counts.values()) if (n > 1) duplicates += n - 1;
      process.send!({ type: "stats", total: sink.total(), distinct: sink.counts.size, duplicates, ids: [...sink.counts.keys()] });
    } else if (message?.type === "counts") {
      process.send!({ type: "counts", total: sink.total(), distinct: sink.counts.size });
    } else if (message?.type === "reset") {
      sink.reset();
      process.send!({ type: "reset" });
    }
  });
  process.on("disconnect", () => void sink.close().then(() => process.exit(0)));
}

void main();
