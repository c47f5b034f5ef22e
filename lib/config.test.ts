import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";

describe("configuration", () => {
  it("has a default for every optional variable, and derives the engine and public origin", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      DATABASE_URL: "file:./data/inkwell.db",
      databaseKind: "sqlite",
      PORT: 3000,
      HOST: "0.0.0.0",
      appOrigin: "http://localhost:3000",
      RATE_LIMIT_PER_MINUTE: 400,
      RATE_LIMIT_RENDER_PER_MINUTE: 40,
      RATE_LIMIT_TAGS_PER_MINUTE: 60,
      DATABASE_POOL_SIZE: 10,
      INKWELL_WORKER: "on",
      EVENTS_SQLITE_SYNCHRONOUS: "full",
    });
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: "postgresql://u:p@db/inkwell", PORT: "8080", APP_URL: "https://mail.example.com/" })).toMatchObject({
      databaseKind: "postgres",
      appOrigin: "https://mail.example.com",
    });
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ PORT: "", RATE_LIMIT_PER_MINUTE: "  " })).toMatchObject({ PORT: 3000, RATE_LIMIT_PER_MINUTE: 400 });
  });

  it("refuses invalid values in one line that names every bad variable and what it got", () => {
    expect(() => parseConfig({ RATE_LIMIT_PER_MINUTE: "lots", INKWELL_WORKER: "maybe", APP_URL: "mail.example.com" })).toThrow(
      'Invalid configuration: APP_URL must be an absolute http(s) URL, e.g. https://inkwell.example.com (got "mail.example.com"); ' +
        'RATE_LIMIT_PER_MINUTE must be a whole number (got "lots"); INKWELL_WORKER must be "on" or "off" (got "maybe")',
    );
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with "file:"/);
    expect(() => parseConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET must be at least 16 characters/);
    expect(() => parseConfig({ PORT: "70000" })).toThrow(/PORT must be a port number/);
  });
});
