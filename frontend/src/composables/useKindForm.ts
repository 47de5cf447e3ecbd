// The create/edit form of a workspace's kind (instance pools, SQL
// warehouses), without its fields: the form loaded when the dialog opens,
// problems checked as you type (debounced, the latest answer wins), an edit
// planned and shown before it is saved, and a failed call that leaves the
// form as it was with the error kept for display.
import { computed, getCurrentScope, onScopeDispose, ref, shallowRef, watch } from 'vue'
import { toApiError, type ApiError } from '@/api'
import type { KindProblem } from '@/components/common/kindForm'
import type { Spec } from '@/components/editor/specPath'

/** A planned edit: what it changes and what stops it (a kind may say more, e.g. that it restarts). */
export interface KindPlan {
  changes: Array<{ path: string; field: string; kind: string; old: unknown; new: unknown }>
  problems: KindProblem[]
  /** A sentence on what saving does beyond the fields (a warehouse restarts). */
  notice?: string
}

/** The outcome of a create or edit: the id, or the problems that stopped it. */
export interface KindSaved {
  id: string
  problems: KindProblem[]
  /** The create's answer was lost; what it made was found by its name and taken. */
  adopted: boolean
}

/** The kind's calls, the workspace already bound. */
export interface KindFormCalls<P extends KindPlan = KindPlan> {
  /** The form to start from: the kind's defaults on create (id null), the saved one on edit. */
  load: (id: string | null) => Promise<Spec>
  /** The form as the API's request body. */
  body: (spec: Spec) => Record<string, unknown>
  check: (body: Record<string, unknown>) => Promise<KindProblem[]>
  create: (body: Record<string, unknown>) => Promise<KindSaved>
  planEdit: (id: string, body: Record<string, unknown>) => Promise<P>
  edit: (id: string, body: Record<string, unknown>) => Promise<KindSaved>
}

export interface KindFormOptions<P extends KindPlan> {
  calls: () => KindFormCalls<P>
  /** Whether the dialog is open: opening it loads the form afresh. */
  open: () => boolean
  /** The object edited, or null to create one. */
  id: () => string | null
  onSaved: (saved: KindSaved) => void
  /** How long typing must pause before a check (ms). */
  debounceMs?: number
}

export const hasErrors = (list: KindProblem[]): boolean => list.some((p) => p.severity === 'error')

export function useKindForm<P extends KindPlan>(opts: KindFormOptions<P>) {
  const mode = computed<'create' | 'edit'>(() => (opts.id() ? 'edit' : 'create'))
  const spec = shallowRef<Spec>({})
  const problems = shallowRef<KindProblem[]>([])
  const plan = shallowRef<P | null>(null)
  const error = shallowRef<ApiError | null>(null)
  const busy = ref(false)
  const loading = ref(false)
  // The form could not be read (edit): nothing to show or save.
  const failed = ref(false)
  const errors = computed(() => hasErrors(problems.value))

  let timer: ReturnType<typeof setTimeout> | null = null
  // Each opening and each check has a number: an answer for an older one
  // (a dialog closed since, a check overtaken by typing) is dropped.
  let opening = 0
  let checking = 0
  const quiet = () => {
    if (timer) clearTimeout(timer)
    timer = null
    checking++
  }

  async function load(): Promise<void> {
    const mine = ++opening
    quiet()
    spec.value = {}
    problems.value = []
    plan.value = null
    error.value = null
    failed.value = false
    busy.value = false
    loading.value = true
    try {
      const s = await opts.calls().load(opts.id())
      if (mine === opening) spec.value = s
    } catch (e) {
      if (mine !== opening) return
      error.value = toApiError(e)
      failed.value = true
    } finally {
      if (mine === opening) loading.value = false
    }
  }

  watch(
    opts.open,
    (open) => {
      if (open) void load()
      else {
        opening++
        quiet()
      }
    },
    { immediate: true },
  )
  if (getCurrentScope()) onScopeDispose(quiet)

  /** The form changed: any plan is out of date, and a check follows once typing pauses. */
  function update(s: Spec): void {
    spec.value = s
    plan.value = null
    quiet()
    timer = setTimeout(() => void check(), opts.debounceMs ?? 250)
  }

  async function check(): Promise<void> {
    timer = null
    const mine = ++checking
    const id = opts.id()
    const body = opts.calls().body(spec.value)
    try {
      // An edit is checked as it would be saved: against the object itself
      // (its own name is not taken by another).
      const found = id ? (await opts.calls().planEdit(id, body)).problems : await opts.calls().check(body)
      if (mine === checking) problems.value = found
    } catch {
      // Checking as you type stays quiet: the save says why.
    }
  }

  /** An edit's plan: shown in place of the form, or the form with its problems when it has any. */
  async function review(): Promise<void> {
    const id = opts.id()
    if (!id || busy.value) return
    quiet()
    busy.value = true
    error.value = null
    try {
      const p = await opts.calls().planEdit(id, opts.calls().body(spec.value))
      problems.value = p.problems
      plan.value = hasErrors(p.problems) ? null : p
    } catch (e) {
      error.value = toApiError(e)
    } finally {
      busy.value = false
    }
  }

  function back(): void {
    plan.value = null
  }

  /** Creates, or saves the reviewed edit. Problems bring the form back with them; a failure keeps it as it was. */
  async function save(): Promise<void> {
    if (busy.value) return
    const id = opts.id()
    quiet()
    busy.value = true
    error.value = null
    const mine = opening
    try {
      const body = opts.calls().body(spec.value)
      const saved = id ? await opts.calls().edit(id, body) : await opts.calls().create(body)
      if (mine !== opening) return
      if (saved.problems.length) {
        problems.value = saved.problems
        plan.value = null
        return
      }
      opts.onSaved(saved)
    } catch (e) {
      if (mine === opening) error.value = toApiError(e)
    } finally {
      busy.value = false
    }
  }

  return { mode, spec, problems, plan, error, busy, loading, failed, hasErrors: errors, update, check, review, back, save }
}
