// The vitest run of bench/lib-vitest.ts: its fixture alone.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['lib-vitest.fixture.mjs'],
    reporters: [process.env.BENCH_REPORTER ?? 'default'],
  },
});
