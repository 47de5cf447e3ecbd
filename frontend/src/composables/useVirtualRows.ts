// The lean virtual table's rows (the clusters and SQL warehouses lists): only
// the rows on screen and a few either side are in the page, each one line of
// the same height (nothing is measured), lying one after another below a
// single offset, and a row coming on screen reuses the elements of one that
// went. docs/performance.md has the numbers behind each choice.
import { useVirtualizer } from '@tanstack/vue-virtual'
import { useThemeVars } from 'naive-ui'
import { computed, nextTick, ref, triggerRef, watch, type Ref } from 'vue'
import { RowKeys } from '@/lib/recycle'

export interface VirtualRowsOptions<T extends { id: string }> {
  rows: () => T[]
  rowHeight: number
  /** The sticky header's height: it is inside the scroller. */
  headHeight: number
  /** The list goes back to its top when this changes (a new search, filter, sort or list). */
  topKey: () => unknown
}

export interface ShownRow<T> {
  row: T
  index: number
  key: number
}

export function useVirtualRows<T extends { id: string }>(o: VirtualRowsOptions<T>) {
  const scroller = ref<HTMLElement | null>(null)
  const virtualizer = useVirtualizer(
    computed(() => ({
      count: o.rows().length,
      getScrollElement: () => scroller.value,
      estimateSize: () => o.rowHeight,
      paddingStart: o.headHeight,
      overscan: 3,
    })),
  )
  // A new search shows its first matches, not whatever lies at the old
  // offset, in the same update; and the rows at the top mostly stay as the
  // search narrows, so a key changes few rows.
  watch(o.topKey, () => {
    const el = scroller.value
    // The offset the last scroll event gave: reading el.scrollTop here would
    // lay out the page before the update, and again after it.
    if (!el || !virtualizer.value.scrollOffset) return
    // Tell the virtualizer now, so this update renders the top (scrollOffset
    // is virtual-core's public field, which its range reads;
    // @tanstack/vue-virtual is pinned exactly, and a test covers this)…
    virtualizer.value.scrollOffset = 0
    // …and re-render from it even when the rows are the same array (a search
    // that finds what the last one found).
    triggerRef(virtualizer)
    // The scroller follows once the rows are in: writing scrollTop lays the
    // page out, and now would do it for the old rows too.
    void nextTick(() => {
      el.scrollTop = 0
    })
  })

  // One offset for the rows shown, the body's top padding: an offset per row
  // (a transform or a top each) made every scroll step's style recalculation
  // slower than the last in Chromium, 5 → 40 ms over 60 steps.
  // A row coming on screen reuses the elements of one that went (RowKeys),
  // except a row holding the focus: its link or button would stay focused
  // showing another row.
  const rowKeys = new RowKeys()
  const slice = computed<Array<ShownRow<T>>>(() => {
    const rows = o.rows()
    const shown = virtualizer.value.getVirtualItems().filter((v) => rows[v.index])
    const keys = rowKeys.keys(
      shown.map((v) => rows[v.index]!.id),
      focusedRow(scroller),
    )
    return shown.map((v, i) => ({ row: rows[v.index]!, index: v.index, key: keys[i]! }))
  })
  const bodyStyle = computed(() => ({
    height: `${o.rows().length * o.rowHeight}px`,
    paddingTop: `${(slice.value[0]?.index ?? 0) * o.rowHeight}px`,
  }))
  return { scroller, slice, bodyStyle }
}

/** The id of the row (`tbody tr[data-id]`) holding the focus in this scroller. */
function focusedRow(scroller: Ref<HTMLElement | null>): string | undefined {
  const row = document.activeElement?.closest('tbody tr[data-id]')
  return row && scroller.value?.contains(row) ? (row.getAttribute('data-id') ?? undefined) : undefined
}

/** The lean table's colours and heights as the CSS variables leanTable.css reads, from the kit's theme. */
export function useLeanTableVars(rowHeight: number, headHeight: number) {
  const theme = useThemeVars()
  return computed(() => ({
    '--ct-bg': theme.value.cardColor,
    '--ct-head': theme.value.tableHeaderColor,
    '--ct-hover': theme.value.tableColorHover,
    '--ct-border': theme.value.dividerColor,
    '--ct-text': theme.value.textColor2,
    '--ct-head-text': theme.value.textColor1,
    '--ct-head-weight': theme.value.fontWeightStrong,
    '--ct-icon': theme.value.iconColor,
    '--ct-primary': theme.value.primaryColor,
    '--ct-row-height': `${rowHeight}px`,
    '--ct-head-height': `${headHeight}px`,
  }))
}
