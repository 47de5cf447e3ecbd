import { computed, onBeforeUnmount, ref, shallowRef, watch } from 'vue'
import { actionsWidth, fitColumns, setWidth, shownColumns, useColumnPrefs, widthOf, type ColumnId } from '@/clusters/columns'

/**
 * The clusters table's columns as they fit: the user's widths (a dragged
 * edge live, kept on release), and the columns that give way when the
 * rows' width on screen (`available`) cannot hold them all.
 */
export function useColumnFit() {
  const { prefs, update, gaveWay } = useColumnPrefs()
  // A column edge being dragged: its width shows live and is kept on release.
  const dragging = shallowRef<{ id: ColumnId; width: number } | null>(null)
  const live = computed(() => (dragging.value ? setWidth(prefs.value, dragging.value.id, dragging.value.width) : prefs.value))
  // The rows' width on screen: columns that do not fit give way (giveWayOrder).
  const available = ref(Number.POSITIVE_INFINITY)
  const fitted = computed(() => fitColumns(shownColumns(live.value), available.value))
  const shown = computed(() => fitted.value.shown)
  const width = computed(() => shown.value.reduce((sum, c) => sum + c.width, actionsWidth))
  // Fixed widths as strings: unchanged, Vue leaves the cells' style alone.
  const widths = computed(() => Object.fromEntries(shown.value.map((c) => [c.id, `width: ${c.width}px`])))
  watch(
    () => fitted.value.gaveWay,
    (ids) => {
      if (ids.join() !== gaveWay.value.join()) gaveWay.value = ids
    },
    { immediate: true },
  )
  onBeforeUnmount(() => {
    gaveWay.value = []
  })

  function onResizing(id: ColumnId, w: number): void {
    dragging.value = { id, width: w }
  }
  function onResized(id: ColumnId, w: number): void {
    dragging.value = null
    // A click on the edge without a drag keeps the width a default one.
    if (w !== widthOf(prefs.value, id)) update(setWidth(prefs.value, id, w))
  }

  return { available, shown, width, widths, onResizing, onResized }
}
