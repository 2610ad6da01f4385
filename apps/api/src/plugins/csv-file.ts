import type { FastifyReply } from 'fastify';

/** Answers a CSV file the browser saves as `filename` (names are ours: no quotes in them). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
