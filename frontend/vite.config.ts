import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig, type Plugin } from 'vite'
import { ENGINE_TARGETS, engineSyntaxCheck } from './tooling/engines'

// Go embeds frontend/dist, so a fresh clone needs a tracked file there to
// compile before the page is built; Vite empties the folder on each build.
const keepDist: Plugin = {
  name: 'keep-dist-placeholder',
  closeBundle() {
    writeFileSync(resolve(import.meta.dirname, 'dist/.gitkeep'), '')
  },
}

export default defineConfig({
  // Every component here (ours and the kit's) is written with setup(): Vue
  // leaves out its Options API, which is less to load and to run per component.
  plugins: [vue({ features: { optionsAPI: false } }), keepDist, engineSyntaxCheck()],
  resolve: {
    alias: { '@': resolve(import.meta.dirname, 'src') },
  },
  build: {
    // The oldest engines the window runs in (tooling/engines.ts); the check
    // above fails the build if a chunk still uses syntax beyond them.
    target: ENGINE_TARGETS,
    chunkSizeWarningLimit: 1500,
  },
})
