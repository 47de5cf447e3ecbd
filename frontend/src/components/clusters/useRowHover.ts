// What the pointer shows over the clusters table's rows, from one listener on
// its body: the state badge's reason in one shared tooltip, and a cell's whole
// text as its title.
import { computed, shallowRef, watch, type Ref } from 'vue'
import type { ClusterRow } from '@/api'
import { reasonText } from './StateReason.vue'

export function useRowHover(rows: Ref<Array<{ row: ClusterRow }>>, changed: () => unknown) {
  // One tooltip for every state badge in the list: a tooltip per row was most
  // of what mounting a row cost, and a scroll step or a search mounts every
  // row shown.
  const tip = shallowRef<{ id: string; x: number; y: number } | null>(null)
  const find = (id: string) => rows.value.find((s) => s.row.id === id)?.row
  const tipRow = computed(() => {
    const r = tip.value ? find(tip.value.id) : undefined
    return r && reasonText(r.termination, r.stateMessage) ? r : null
  })
  const hideTip = () => {
    if (tip.value) tip.value = null
  }
  // New rows may put another row under the pointer: the tooltip goes until it moves again.
  watch(changed, hideTip)

  // A name or text cell shows its whole text as its title, given as the
  // pointer comes rather than written into every cell of every row a search
  // or scroll step brings. New rows in the same elements take it away until
  // the pointer moves.
  let titled: Element | null = null
  function showWhole(target: Element): void {
    const el = target.closest('td.text, a.name')
    const text = el?.textContent ?? ''
    if (el && el.getAttribute('title') !== text) el.setAttribute('title', text)
    if (el) titled = el
  }
  watch(rows, () => {
    titled?.removeAttribute('title')
    titled = null
  })

  function onHover(e: MouseEvent): void {
    showWhole(e.target as Element)
    const badge = (e.target as Element).closest('[data-testid="state-badge"]')
    const id = badge?.closest('tr')?.getAttribute('data-id')
    const r = id ? find(id) : undefined
    if (!badge || !r || !reasonText(r.termination, r.stateMessage)) return hideTip()
    if (tip.value?.id === r.id) return
    const b = badge.getBoundingClientRect()
    tip.value = { id: r.id, x: b.left, y: b.top }
  }

  return { tip, tipRow, onHover, hideTip }
}
