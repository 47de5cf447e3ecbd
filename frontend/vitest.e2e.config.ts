import { defineConfig } from 'vitest/config'

// End-to-end tests: Debian's Chromium, driven by playwright-core, against the
// real Go backend served by `clusterdeck bridge` (see e2e/bridge.ts).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Bounds for a hung test, not speed targets: a busy machine is slow.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The default expect.poll gives up after 1 s: too short for a backend
    // round trip on a loaded machine. A wait that needs longer says so.
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
})
