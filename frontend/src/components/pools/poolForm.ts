// The pool form's document and its EditorContext, so the cluster editor's
// FieldRow and KeyValueEditor serve the pool form unchanged.
import { provide } from 'vue'
import type { EditorCatalog, Problem } from '@/api/editor'
import type { PoolProblem, PoolSpec } from '@/api/pools'
import { editorKey } from '@/components/editor/context'
import { clone, deletePath, getPath, pathWithin, setPath, type Json, type Spec } from '@/components/editor/specPath'

/** The only fields instance-pools/edit changes (mirrors backend/pools.Editable). */
export const EDITABLE = ['instance_pool_name', 'min_idle_instances', 'max_capacity', 'idle_instance_autotermination_minutes']

export function emptyPool(): Spec {
  return { instance_pool_name: '', node_type_id: '', min_idle_instances: 0, idle_instance_autotermination_minutes: 60 }
}

/** Problems as the editor's FieldRow shows them. */
export function asProblems(list: PoolProblem[]): Problem[] {
  return list.map((p) => ({ path: p.path, code: p.code, message: p.message, severity: p.severity, source: 'api', estimated: false }))
}

/** Drops empty objects and empty strings the controls leave behind. */
export function cleanSpec(spec: Spec): PoolSpec {
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

/** Provides the editor context over a pool spec held by get/set callbacks. */
export function providePoolForm(opts: {
  spec: () => Spec
  update: (s: Spec) => void
  problems: () => Problem[]
  catalog: () => EditorCatalog | null
}): void {
  const set = (path: string, value: Json | undefined) => {
    const next = clone(opts.spec())
    if (value === undefined) deletePath(next, path)
    else setPath(next, path, value)
    opts.update(next)
  }
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
    catalog: opts.catalog,
    readonly: () => false,
    place: () => () => {},
  })
}
