import { inject, type InjectionKey } from 'vue'
import type { EditorCatalog, FieldConstraint, Problem } from '@/api/editor'
import type { Json, Spec } from './specPath'

/** What every part of the form reads: the spec, its problems and the policy's rules. */
export interface EditorContext {
  spec: () => Spec
  get: (path: string) => Json | undefined
  set: (path: string, value: Json | undefined) => void
  /** Changes several fields at once (one evaluation, one JSON update). */
  change: (fn: (spec: Spec) => void) => void
  problemsAt: (path: string, exact?: boolean) => Problem[]
  constraint: (path: string) => FieldConstraint | undefined
  catalog: () => EditorCatalog | null
  readonly: () => boolean
  /**
   * A control shows the problems this predicate accepts, for as long as it
   * is mounted and visible; returns the call that withdraws it. Problems no
   * control shows are listed apart, so none is ever out of sight.
   */
  place: (shows: (problemPath: string) => boolean) => () => void
}

export const editorKey: InjectionKey<EditorContext> = Symbol('cluster-editor')

export function useEditor(): EditorContext {
  const ctx = inject(editorKey)
  if (!ctx) throw new Error('useEditor outside ClusterEditor')
  return ctx
}
