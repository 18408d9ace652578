import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Every temporary folder of the run lives under one, removed when the run ends.
    globalSetup: ['test/support/temporary-root.ts'],
    // No test may reach the network; the model stand-ins listen on loopback only.
    testTimeout: 20_000,
  },
});
