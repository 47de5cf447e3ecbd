import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig, type Plugin } from 'vite'

// Go embeds frontend/dist, so a fresh clone needs a tracked file there to
// compile before the page is built; Vite empties the folder on each build.
const keepDist: Plugin = {
  name: 'keep-dist-placeholder',
  closeBundle() {
    writeFileSync(resolve(import.meta.dirname, 'dist/.gitkeep'), '')
  },
}

export default defineConfig({
  plugins: [vue(), keepDist],
  // Every component here (ours and the kit's) is written with setup(): Vue
  // leaves out its Options API, which is less to load and to run per component.
  define: { __VUE_OPTIONS_API__: 'false' },
  resolve: {
    alias: { '@': resolve(import.meta.dirname, 'src') },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
})
