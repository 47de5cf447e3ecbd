// What the forms of a workspace's kinds (instance pools, SQL warehouses)
// share besides their fields: problems in the editor's shape, the document
// cleaned of what the controls leave empty, and the EditorContext, so the
// cluster editor's FieldRow and KeyValueEditor serve them unchanged.
import { computed, provide, shallowReactive, type ComputedRef } from 'vue'
import type { EditorCatalog, Problem } from '@/api/editor'
import { editorKey } from '@/components/editor/context'
import { clone, deletePath, getPath, pathWithin, setPath, type Json, type Spec } from '@/components/editor/specPath'
import { unplacedProblems, type Placement } from '@/components/editor/summary'

/** One field-keyed problem, as a kind's Check, PlanEdit, Create and Edit return it. */
export interface KindProblem {
  path: string
  code: string
  message: string
  severity: string
}

/** Problems as the editor's FieldRow shows them. */
export function asProblems(list: KindProblem[]): Problem[] {
  return list.map((p) => ({ path: p.path, code: p.code, message: p.message, severity: p.severity, source: 'api', estimated: false }))
}

/** Drops the empty strings, nulls and empty objects the controls leave behind; zeros and false stay (they are answers). */
export function pruneEmpty(spec: Spec): Spec {
  const out = clone(spec)
  const prune = (o: Record<string, Json>) => {
    for (const [k, v] of Object.entries(o)) {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        prune(v as Record<string, Json>)
        if (Object.keys(v).length === 0) delete o[k]
      } else if (v === '' || v === null) delete o[k]
    }
  }
  prune(out)
  return out
}

/**
 * Provides the editor context over a kind's document held by get/update
 * callbacks. Controls place themselves while shown; `unplaced` are the
 * problems none of them shows, for the dialog to list apart.
 */
export function provideKindForm(opts: {
  spec: () => Spec
  update: (s: Spec) => void
  problems: () => Problem[]
  catalog?: () => EditorCatalog | null
}): { unplaced: ComputedRef<Problem[]> } {
  const set = (path: string, value: Json | undefined) => {
    const next = clone(opts.spec())
    if (value === undefined) deletePath(next, path)
    else setPath(next, path, value)
    opts.update(next)
  }
  const placements = shallowReactive(new Set<Placement>())
  provide(editorKey, {
    spec: opts.spec,
    get: (path) => getPath(opts.spec(), path),
    set,
    change: (fn) => {
      const next = clone(opts.spec())
      fn(next)
      opts.update(next)
    },
    problemsAt: (path, exact) => opts.problems().filter((p) => (exact ? p.path === path : pathWithin(p.path, path))),
    constraint: () => undefined,
    catalog: opts.catalog ?? (() => null),
    readonly: () => false,
    place: (shows) => {
      const entry: Placement = (p) => shows(p)
      placements.add(entry)
      return () => placements.delete(entry)
    },
  })
  return { unplaced: computed(() => unplacedProblems(opts.problems(), placements)) }
}

/** One format of a kind's export: its label, and where the export holds its text and file name. */
export interface KindExportFormat<E, F extends string> {
  value: F
  label: string
  text: (e: E) => string
  file: (e: E) => string
}
