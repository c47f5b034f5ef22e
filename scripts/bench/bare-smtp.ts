// bench:inbound's baseline: an smtp-server that accepts every message and does nothing with it.
import { SMTPServer } from "smtp-server";

export function bareSmtpServer(): SMTPServer {
  return new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    maxClients: 1000,
    onData(stream, _session, done) {
      stream.on("data", () => {});
      stream.on("end", () => done());
    },
  });
}
