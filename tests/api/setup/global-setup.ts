// One server for the API suite, on its own fresh database.
import type { TestProject } from "vitest/node";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer | undefined;

export async function setup(project: TestProject) {
  // Upload by URL may fetch the image tests' own server on localhost (every other private or loopback
  // address stays refused), and gives up quickly.
  // Automation webhooks may call this suite's own receivers on 127.0.0.1.
  server = await startTestServer({
    label: "api",
    env: { IMAGES_FETCH_ALLOWED_HOSTS: "localhost", IMAGES_FETCH_TIMEOUT_MS: "2000", AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" },
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("authSecret", server.authSecret);
  project.provide("imagesDir", server.imagesDir);
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
    imagesDir: string;
  }
}
