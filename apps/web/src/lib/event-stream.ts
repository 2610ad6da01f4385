import type { DomainEventType, EventData, StreamEvents } from '@parley/shared/api';
import { eventsApi, pathOf } from '@parley/shared/api';

type Handlers = { [T in DomainEventType]?: (data: EventData<T>) => void } & {
  [T in keyof StreamEvents]?: (data: StreamEvents[T]) => void;
};

/**
 * Opens one of the server-sent event streams and hands each event's payload, typed by
 * the shared contract, to its handler. The browser reconnects by itself with
 * Last-Event-ID; the caller closes the returned source.
 */
export function openEventStream(stream: keyof typeof eventsApi, handlers: Handlers): EventSource {
  const source = new EventSource(pathOf(eventsApi[stream]));
  for (const [type, handle] of Object.entries(handlers) as [string, (data: unknown) => void][])
    source.addEventListener(type, (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String((event as MessageEvent).data));
      } catch (err) {
        console.warn(`Unreadable ${type} event`, err);
        return;
      }
      handle(data);
    });
  return source;
}
