import { EventsOn } from '../../wailsjs/runtime/runtime'
import { app } from '../../wailsjs/go/models'

/** Event names come from Go (app/events.go) through the generated enum. */
export const EventName = app.EventName
export type EventName = app.EventName

declare const scopedBrand: unique symbol
/** The full name of one instance of an event; only scoped() makes one. */
export type ScopedEvent = string & { readonly [scopedBrand]: true }

/** The full name of a scoped event, e.g. "connection:changed:<workspace>". */
export function scoped(name: EventName, scope: string): ScopedEvent {
  return `${name}:${scope}` as ScopedEvent
}

/**
 * Subscribes to an event; returns the function that unsubscribes. The name
 * is an EventName or made by scoped(): a bare string does not type-check.
 */
export function onEvent<T extends unknown[]>(
  name: EventName | ScopedEvent,
  handler: (...data: T) => void,
): () => void {
  return EventsOn(name, (...data: unknown[]) => handler(...(data as T)))
}
