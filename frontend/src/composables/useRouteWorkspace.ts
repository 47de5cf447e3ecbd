import { watch } from 'vue'
import { useRouter, type RouteLocationNormalizedLoaded, type Router } from 'vue-router'
import { useWorkspacesStore } from '@/stores/workspaces'

type Workspaces = Pick<ReturnType<typeof useWorkspacesStore>, 'list' | 'loaded' | 'active' | 'select'>

/** The workspace a page is about (`/compute/:ws/:id`, `/policies/:ws/:id/edit`), if any. */
export function routeWorkspace(route: RouteLocationNormalizedLoaded): string | null {
  const ws = route.params.ws
  return typeof ws === 'string' && ws ? ws : null
}

/**
 * Keeps the page and the top bar on one workspace. A link into another
 * workspace's object (from Fleet, the spend drawer, the palette) makes that
 * workspace the active one, so its name and production colour are on the bar
 * as the page renders; switching workspace on such a page goes back to the
 * list it came from, rather than leave another workspace's object under the
 * new bar. Both watchers run synchronously, so no frame shows the two apart.
 */
export function followRouteWorkspace(router: Router, store: Workspaces): void {
  const route = router.currentRoute
  watch(
    () => [routeWorkspace(route.value), store.loaded] as const,
    ([ws, loaded]) => {
      if (!loaded || !ws || ws === store.active?.id) return
      if (!store.list.some((w) => w.id === ws)) return // an old link to a removed workspace: the page says so
      void store.select(ws).catch(() => undefined) // it falls back to the previous one and the watcher below leaves
    },
    { immediate: true, flush: 'sync' },
  )
  watch(
    () => store.active?.id,
    (id) => {
      const ws = routeWorkspace(route.value)
      if (!id || !ws || ws === id) return
      const back = typeof route.value.meta.nav === 'string' ? route.value.meta.nav : 'compute'
      void router.replace({ name: back })
    },
    { flush: 'sync' },
  )
}

export function useRouteWorkspace(): void {
  followRouteWorkspace(useRouter(), useWorkspacesStore())
}
