import { z } from 'zod';

const stream = (what: string) =>
  ({
    summary: `Server-sent events: ${what}`,
    query: z.object({
      lastEventId: z
        .string()
        .optional()
        .describe('Where to resume when Last-Event-ID cannot be sent'),
    }),
    responses: {
      200: {
        description:
          '`connected`, then events with ids (a reconnect with Last-Event-ID gets what it missed), a `heartbeat` every 20 s, and `ended` when the session ends',
        contentType: 'text/event-stream',
      },
    },
  }) as const;

/** The server-sent event streams, one per audience. */
export const eventsEndpoints = {
  'events.customer': stream("the customer's own payment updates"),
  'events.admin': stream('new users, payments and catalogue changes'),
} as const;
