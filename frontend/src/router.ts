import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
// The page the app opens on loads with the app, not after it (one round of
// fetching and running modules less before the first rows).
import ComputeView from './views/ComputeView.vue'

// Hash history: the desktop asset server and the test bridge both serve a
// single index.html, so paths must not reach the server.
export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/compute' },
  { path: '/compute', name: 'compute', component: ComputeView, meta: { title: 'Compute' } },
  { path: '/compute/new', name: 'compute-new', component: () => import('./views/ClusterEditView.vue'), meta: { title: 'Create compute', nav: 'compute' } },
  { path: '/compute/:ws/:id', name: 'cluster', component: () => import('./views/ClusterDetailView.vue'), meta: { title: 'Compute', nav: 'compute' } },
  { path: '/compute/:ws/:id/edit', name: 'compute-edit', component: () => import('./views/ClusterEditView.vue'), meta: { title: 'Edit compute', nav: 'compute' } },
  { path: '/fleet', name: 'fleet', component: () => import('./views/FleetView.vue'), meta: { title: 'Fleet' } },
  { path: '/pools', name: 'pools', component: () => import('./views/PoolsView.vue'), meta: { title: 'Pools' } },
  { path: '/warehouses', name: 'warehouses', component: () => import('./views/WarehousesView.vue'), meta: { title: 'SQL warehouses' } },
  { path: '/warehouses/:ws/:id', name: 'warehouse', component: () => import('./views/WarehouseDetailView.vue'), meta: { title: 'SQL warehouse', nav: 'warehouses' } },
  { path: '/policies', name: 'policies', component: () => import('./views/PoliciesView.vue'), meta: { title: 'Policies' } },
  { path: '/policies/new', name: 'policy-new', component: () => import('./views/PolicyEditView.vue'), meta: { title: 'New policy', nav: 'policies' } },
  { path: '/policies/:ws/:id/edit', name: 'policy-edit', component: () => import('./views/PolicyEditView.vue'), meta: { title: 'Edit policy', nav: 'policies' } },
  { path: '/drafts', name: 'drafts', component: () => import('./views/DraftsView.vue'), meta: { title: 'Drafts' } },
  { path: '/drafts/:id', name: 'draft', component: () => import('./views/DraftEditView.vue'), meta: { title: 'Draft', nav: 'drafts' } },
  { path: '/workspaces', name: 'workspaces', component: () => import('./views/WorkspacesView.vue'), meta: { title: 'Workspaces' } },
  { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue'), meta: { title: 'Settings' } },
  { path: '/:pathMatch(.*)*', redirect: '/compute' },
]

export const router = createRouter({ history: createWebHashHistory(), routes })
