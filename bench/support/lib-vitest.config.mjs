// The vitest run of bench/lib-vitest.ts: its fixture alone.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['lib-vitest.fixture.mjs'],
    reporters: [process.env.BENCH_REPORTER ?? 'default'],
    // Loaded by Node as an installed package is (from node_modules), not transformed by vite.
    server: { deps: { external: [/\/dist\/bundle\//] } },
    ...(process.env.BENCH_EXEC_ARGV ? { execArgv: process.env.BENCH_EXEC_ARGV.split(' ') } : {}),
  },
});
