import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.ts', 'tooling/**/*.test.ts'],
      // Mounting a whole form (Naive UI in happy-dom) takes seconds on a
      // loaded machine; vitest's 5 s default failed there.
      testTimeout: 30_000,
    },
  }),
)
