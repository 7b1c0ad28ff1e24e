import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
