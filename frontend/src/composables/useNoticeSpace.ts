import { onBeforeUnmount, onMounted } from 'vue'

/** The CSS variable lists pad their ends with, so notices never cover a last row. */
export const NOTICE_SPACE = '--cd-notice-space'
const GAP = 16

/**
 * Keeps NOTICE_SPACE at the height of the notices stacked in the window's
 * bottom-right corner (0 without any). A list adds it below its last row,
 * so scrolling to the end lifts that row (and its menu button) above them:
 * a "cluster is ready" notice covered the last row's button for 8 seconds.
 */
export function useNoticeSpace(root: HTMLElement = document.documentElement): void {
  let sized: ResizeObserver | undefined
  let watched: Element | null = null
  const set = (px: number) => root.style.setProperty(NOTICE_SPACE, `${px > 0 ? Math.ceil(px) + GAP : 0}px`)
  const follow = () => {
    const container = document.querySelector('.n-notification-container')
    if (container === watched) return
    sized?.disconnect()
    watched = container
    if (!container) return set(0)
    sized = new ResizeObserver(() => set(container.getBoundingClientRect().height))
    sized.observe(container)
  }
  // The kit mounts the notices' container on the body while there are any.
  const added = new MutationObserver(follow)
  onMounted(() => {
    set(0)
    added.observe(document.body, { childList: true })
    follow()
  })
  onBeforeUnmount(() => {
    added.disconnect()
    sized?.disconnect()
  })
}
