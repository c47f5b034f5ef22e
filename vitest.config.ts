import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/setup/global-setup.ts"],
          setupFiles: ["tests/api/setup/worker-env.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share one server; a few at a time keeps the 2-core machine responsive.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm run dev` against `npm start` (the build): one development server, compiled on demand.
          name: "dev",
          include: ["tests/dev/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 660_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Several servers and workers on one PostgreSQL database (needs TEST_POSTGRES_URL).
          name: "scale-out",
          include: ["tests/scale-out/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
