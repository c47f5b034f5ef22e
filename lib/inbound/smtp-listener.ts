// The inbound SMTP listener (INBOUND_SMTP_PORT on INBOUND_SMTP_HOST, smtp-server), started by the server
// process (lib/process/lifecycle.ts): the MX of the return-path domains, or the relay's transport for them.
//  - RCPT: only the return-path domains (never an open relay: 550 5.7.1), and there only a token that
//    verifies or a plain address Inkwell answers for (550 5.1.1), so the relay refuses early instead of
//    sending backscatter later;
//  - DATA: stored durably (lib/inbound/accept.ts) before the 250, where the database is a local file in a
//    spool beside it (lib/inbound/spool.ts) from which it reaches the database just after; a failed store
//    answers 451 and the relay tries again. Auto-replies and delay notices are taken and then ignored by
//    the job (refusing them would make the relay bounce them to the auto-replier);
//  - limits: INBOUND_MAX_BYTES per message (552), 100 recipients a message (452), INBOUND_RATE_PER_MINUTE
//    messages per client address (450), STARTTLS when INBOUND_TLS_CERT_FILE and INBOUND_TLS_KEY_FILE are
//    set; no AUTH.
import fs from "node:fs";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { config } from "@/lib/config";
import { sharedLimiter } from "@/lib/db/counters";
import { segment, countSegment, stamp, timeSegments } from "@/lib/db/segment-timing";
import { localSpoolDirectory } from "@/lib/db/capabilities";
import { acceptInboundMail, checkInboundRecipient } from "./accept";
import { inboundStore } from "./inbound-store";
import { InboundSpool } from "./spool";

/**
 * Recipients per message (RFC 5321 4.5.3.1.8: at least 100 must be taken). A bounce or a report names one
 * address; more come only from a reply to several of them. 452 for the rest: the relay sends them again.
 */
const MAX_RECIPIENTS = 100;

type SmtpError = Error & { responseCode: number };
const refuse = (code: number, text: string): SmtpError => Object.assign(new Error(text), { responseCode: code });

let limiter: { perMinute: number; store: RateLimiterAbstract } | undefined;

/**
 * Messages per client address and minute, counted where every instance sees them (lib/db/counters.ts), as
 * every other limit is: a client reaching several instances behind the MX gets one limit, not one each.
 */
function clientLimiter(perMinute: number): RateLimiterAbstract {
  if (limiter?.perMinute !== perMinute)
    limiter = { perMinute, store: sharedLimiter({ keyPrefix: "inbound-smtp", points: perMinute, duration: 60 }) };
  return limiter.store;
}

export type InboundListener = { port: number; close(): Promise<void> };

export async function startInboundListener(options: { port?: number; host?: string } = {}): Promise<InboundListener> {
  const settings = config();
  const tls = settings.INBOUND_TLS_CERT_FILE && settings.INBOUND_TLS_KEY_FILE;
  const clients = clientLimiter(settings.INBOUND_RATE_PER_MINUTE);
  timeSegments(settings.EVENTS_DEBUG === "on");
  const spoolDirectory = localSpoolDirectory("inbound-spool");
  const spool = spoolDirectory ? new InboundSpool(spoolDirectory, inboundStore) : undefined;
  await spool?.start();
  const server = new SMTPServer({
    banner: "Inkwell inbound mail",
    logger: false,
    size: settings.INBOUND_MAX_BYTES,
    authOptional: true,
    disabledCommands: tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(tls ? { key: fs.readFileSync(settings.INBOUND_TLS_KEY_FILE!), cert: fs.readFileSync(settings.INBOUND_TLS_CERT_FILE!) } : {}),
    maxClients: 500,
    socketTimeout: 60_000,
    onMailFrom(_address: SMTPServerAddress, session: SMTPServerSession, done) {
      const s = session as unknown as { tMail?: number; tDone?: number };
      s.tMail = stamp();
      if (s.tDone) segment("L: 250 written -> next MAIL FROM", s.tMail - s.tDone);
      clients.consume(session.remoteAddress).then(
        () => done(),
        (error) => {
          if (error instanceof RateLimiterRes) return done(refuse(450, "4.7.1 Too many messages from your address, slow down"));
          console.error("[inbound smtp] counting a client's messages failed", error);
          done(refuse(451, "4.3.0 Temporary failure, try again later"));
        },
      );
    },
    onRcptTo(address: SMTPServerAddress, session: SMTPServerSession, done) {
      // Each recipient is a row holding the whole message: past the limit the relay sends the rest again.
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return done(refuse(452, "4.5.3 Too many recipients"));
      checkInboundRecipient(address.address).then(
        (check) => {
          if (check.ok) return done();
          if (check.reason === "foreign-domain") return done(refuse(550, "5.7.1 Relaying denied: not a domain of this server"));
          done(refuse(550, "5.1.1 No such recipient here"));
        },
        (error) => {
          console.error("[inbound smtp] checking a recipient failed", error);
          done(refuse(451, "4.3.0 Temporary failure, try again later"));
        },
      );
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const t0 = stamp();
        const s = session as unknown as { tMail?: number; tDone?: number };
        if (s.tMail) segment("L: MAIL FROM -> DATA end", t0 - s.tMail);
        if (stream.sizeExceeded) return done(refuse(552, "5.3.4 Message too big"));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        acceptInboundMail(Buffer.concat(chunks), { recipients, from, via: "smtp" }, { checked: true, store: spool }).then(
          () => {
            s.tDone = stamp();
            segment("L: DATA end -> stored (250)", s.tDone - t0);
            countSegment();
            done(null, "2.0.0 Stored");
          },
          (error) => {
            console.error("[inbound smtp] storing a message failed", error);
            done(refuse(451, "4.3.0 Could not store the message, try again later"));
          },
        );
      });
    },
  });
  server.on("error", (error) => console.error("[inbound smtp]", error.message));
  const port = options.port ?? settings.INBOUND_SMTP_PORT!;
  const host = options.host ?? settings.INBOUND_SMTP_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await spool?.close();
    },
  };
}
