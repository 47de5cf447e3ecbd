import type { catalog } from '../../wailsjs/go/models'

/** How old a page's cached listing is, and its last refresh failure. */
export type ListingCache = catalog.ListingCache
