import { List, Set } from '../../wailsjs/go/app/Notifications'
import { notices } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type NotificationChoice = notices.Choice
export type NotificationChannels = notices.Channels

/** Settings: which kinds of cluster news raise a desktop notification and which an in-app notice. */
export const notificationsApi = {
  list: (): Promise<NotificationChoice[]> => invoke(() => List()),
  set: (kind: string, to: NotificationChannels): Promise<NotificationChoice[]> =>
    invoke(() => Set(kind, notices.Channels.createFrom(to))),
}
