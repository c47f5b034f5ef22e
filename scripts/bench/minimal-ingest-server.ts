// The benchmark's yardstick: a bare node:http server that parses the JSON body and inserts it into
// SQLite (WAL) with one prepared statement per request, and answers 202. No auth, no validation.
import http from "node:http";
import Database from "better-sqlite3";

const file = process.env.MINIMAL_DB!;
const sqlite = new Database(file);
sqlite.pragma("journal_mode = WAL");
sqlite.pragma(`synchronous = ${process.env.MINIMAL_SYNCHRONOUS ?? "NORMAL"}`);
sqlite.exec(`CREATE TABLE IF NOT EXISTS inbox (id INTEGER PRIMARY KEY, receivedAt TEXT NOT NULL, payload TEXT NOT NULL)`);
const insert = sqlite.prepare(`INSERT INTO inbox (receivedAt, payload) VALUES (?, ?)`);

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const { lastInsertRowid } = insert.run(new Date().toISOString(), JSON.stringify(body));
      res.writeHead(202, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ id: String(lastInsertRowid), status: "accepted" }));
    } catch {
      res.writeHead(400).end();
    }
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
