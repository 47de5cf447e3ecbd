import { EventsOn } from '../../wailsjs/runtime/runtime'
import { app } from '../../wailsjs/go/models'

/** Event names come from Go (app/events.go) through the generated enum. */
export const EventName = app.EventName
export type EventName = app.EventName

/** The full name of a scoped event, e.g. "connection:changed:<workspace>". */
export function scoped(name: EventName, scope: string): string {
  return `${name}:${scope}`
}

/** Subscribes to an event; returns the function that unsubscribes. */
export function onEvent<T extends unknown[]>(
  name: EventName | string,
  handler: (...data: T) => void,
): () => void {
  return EventsOn(name, (...data: unknown[]) => handler(...(data as T)))
}
