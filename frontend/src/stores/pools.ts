import { defineStore } from 'pinia'
import { poolsApi } from '@/api/pools'
import { useLiveList } from '@/composables/useLiveList'
import { measured } from '@/lib/perf'

const listPools = measured('pools:listed', (ws: string) => poolsApi.list(ws))

/**
 * The active workspace's pools, live (useLiveList): every 5 s while a pool
 * is acquiring instances (the backend says when via nextPollSec), 30 s
 * otherwise.
 */
export const usePoolsStore = defineStore('pools', () => useLiveList(listPools))
