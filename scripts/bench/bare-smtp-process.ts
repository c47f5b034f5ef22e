// bench:inbound's bare smtp-server (./bare-smtp.ts) in a process of its own, as Inkwell's listener is. It
// tells its parent its port and exits when the parent disconnects.
import { bareSmtpServer } from "./bare-smtp";

const server = bareSmtpServer();
server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  process.send!({ type: "ready", port: typeof address === "object" && address ? address.port : 0 });
});
process.on("disconnect", () => server.close(() => process.exit(0)));
