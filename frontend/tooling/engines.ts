// The oldest engines the page must run in, and the check that the built
// bundle's syntax stays within them (docs/architecture.md "Engines" lists the features).
// - WebKitGTK 2.36 (Ubuntu 22.04 as released; Debian 12 ships 2.46+): the
//   JavaScriptCore of Safari 15.4.
// - WKWebView on macOS 12.3+: Safari 15.4 or later (it updates with Safari).
// - WebView2: evergreen Chromium; Windows 10 and 11 have 110 or later.
import { parse, type Node } from 'acorn'
import type { Plugin } from 'vite'

/** The bundler's targets: it lowers syntax these engines lack (class static blocks, Safari 16.4). */
export const ENGINE_TARGETS = ['es2022', 'safari15.4', 'chrome110']

/** ES2022 as Safari 15.4 parses it: the year's syntax less what it lacks. */
const ECMA_VERSION = 2022
const UNSUPPORTED: Record<string, string> = {
  StaticBlock: 'a class static block (Safari 16.4)',
}

/** Every construct in `code` the oldest engines cannot run, as "what at line:column"; [] when none. */
export function beyondEngines(code: string): string[] {
  let ast: Node
  try {
    ast = parse(code, { ecmaVersion: ECMA_VERSION, sourceType: 'module', locations: true })
  } catch (e) {
    return [`syntax newer than ES${ECMA_VERSION}: ${(e as Error).message}`]
  }
  const found: string[] = []
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk)
    if (!v || typeof v !== 'object') return
    const n = v as Node & Record<string, unknown>
    const what = typeof n.type === 'string' ? UNSUPPORTED[n.type] : undefined
    if (what) found.push(`${what} at ${n.loc?.start.line}:${n.loc?.start.column}`)
    for (const [k, child] of Object.entries(n)) if (k !== 'loc') walk(child)
  }
  walk(ast)
  return found
}

/** Fails the build when a chunk uses syntax beyond the oldest engines. */
export function engineSyntaxCheck(): Plugin {
  return {
    name: 'engine-syntax-check',
    apply: 'build',
    generateBundle(_, bundle) {
      const problems = Object.values(bundle).flatMap((chunk) =>
        chunk.type === 'chunk' ? beyondEngines(chunk.code).map((p) => `${chunk.fileName}: ${p}`) : [],
      )
      if (problems.length) this.error(`the bundle uses syntax the oldest supported engines lack:\n${problems.join('\n')}`)
    },
  }
}
