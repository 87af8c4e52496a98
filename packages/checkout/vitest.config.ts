import { defineConfig } from 'vitest/config';

// Two projects: component tests (*.test.tsx) run in a DOM, everything else in Node
// (the engine and store talk to real PGlite/Postgres there).
export default defineConfig({
  test: {
    globals: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time (Vitest's default is one fewer than the cores: one, here). Most of
    // a file's time is spent waiting on PostgreSQL, PGlite, SMTP or HTTP, not computing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test-utils/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
    ],
  },
});
