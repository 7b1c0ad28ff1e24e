import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end tests spend most of their time waiting on the bundle's process and the
    // emulators: at least two files at once, even on two CPUs (Vitest's default there is one).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    server: {
      deps: {
        // It imports its JSON schema without an import attribute, which Node 20 refuses: let Vite load it.
        inline: ['@actions/workflow-parser'],
      },
    },
  },
});
