import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    // No test may reach the network; the model stand-ins listen on loopback only.
    testTimeout: 20_000,
  },
});
