import { readdirSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// A plain string: happy-dom's URL is not the one node:url reads.
const src = dirname(fileURLToPath(import.meta.url))

function vueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? vueFiles(join(dir, e.name)) : e.name.endsWith('.vue') ? [join(dir, e.name)] : [],
  )
}

/** Base names shared by more than one file, with the files that share them. */
export function sharedNames(files: string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>()
  for (const f of files) byName.set(basename(f), [...(byName.get(basename(f)) ?? []), f])
  return Object.fromEntries([...byName].filter(([, fs]) => fs.length > 1))
}

describe('component file names', () => {
  it('finds names two folders share', () => {
    expect(sharedNames(['a/ImportDialog.vue', 'b/ImportDialog.vue', 'b/Other.vue'])).toEqual({
      'ImportDialog.vue': ['a/ImportDialog.vue', 'b/ImportDialog.vue'],
    })
  })

  it('no two components under src/ share a file name', () => {
    const files = vueFiles(src).map((f) => relative(src, f))
    expect(files.length).toBeGreaterThan(10)
    expect(sharedNames(files)).toEqual({})
  })
})
