// One server for the API suite, on its own fresh database.
import type { TestProject } from "vitest/node";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer | undefined;

export async function setup(project: TestProject) {
  server = await startTestServer({ label: "api" });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("authSecret", server.authSecret);
}

export async function teardown() {
  if (server && process.env.TEST_SERVER_LOGS) console.log(server.logs());
  await server?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    authSecret: string;
  }
}
