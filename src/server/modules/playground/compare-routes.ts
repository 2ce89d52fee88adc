import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../shared/envelope';
import { type ChatReply, CompareRequestSchema, CompareResultSchema } from '../../../shared/playground';
import type { CompareColumn } from './compare';
import type { PlaygroundService } from './service';
import { clientGone, errorEvent, openStream, sse, tokenWriter, wantsStream } from './sse';

const bearer = [{ bearerAuth: [] }];

const refusal = (c: CompareColumn) =>
  c.error ? { message: c.error.userMessage, code: c.error.code, status: c.error.status } : null;

/** Compare side by side: one message, two or three models, their replies streamed in columns. */
export const compareRoutes: FastifyPluginAsyncZod<{ playground: PlaygroundService }> = async (
  app,
  { playground },
) => {
  app.post(
    '/playground/compare',
    {
      schema: {
        tags: ['playground'],
        summary: 'Send one message to two or three models at once; each column is a session of its own',
        description:
          'JSON by default. With Accept: text/event-stream: `compare` {compareId, columns: [{model, sessionId, live, error}]}, ' +
          'then per column `token` {column, text}, `done` {column, reply} or `error` {column, message, code, status}, ' +
          'and `end` when every column has finished. A column counts against the allowance when its first reply succeeds.',
        security: bearer,
        body: CompareRequestSchema,
        response: { 200: successEnvelope(CompareResultSchema) },
      },
    },
    async (request, reply) => {
      const run = await playground.startCompare(request.auth!, request.body);
      const signal = clientGone(reply);
      const start = {
        compareId: run.compareId,
        columns: run.columns.map((c) => ({
          model: c.model,
          sessionId: c.turn?.sessionId ?? null,
          live: c.turn?.live ?? false,
          error: refusal(c),
        })),
      };
      if (!wantsStream(request)) {
        const replies = await Promise.all(
          run.columns.map((c) =>
            c.turn
              ? c.turn
                  .run(() => {}, signal)
                  .then(
                    (r): { reply: ChatReply | null; error: ReturnType<typeof refusal> } => ({
                      reply: r,
                      error: null,
                    }),
                    (err: unknown) => ({ reply: null, error: errorEvent(request, err) }),
                  )
              : { reply: null, error: refusal(c) },
          ),
        );
        return {
          success: true as const,
          data: {
            compareId: run.compareId,
            columns: start.columns.map((c, i) => ({ ...c, ...replies[i]! })),
          },
        };
      }
      const stream = openStream(reply);
      stream.write(sse('compare', start));
      const writer = tokenWriter(stream);
      const runs = run.columns.map((c, column) => {
        if (!c.turn) return Promise.resolve();
        let first = true;
        return c.turn
          .run((text) => {
            const event = sse('token', { column, text });
            if (first) writer.now(event);
            else writer.event(event);
            first = false;
          }, signal)
          .then(
            (data) => writer.event(sse('done', { column, reply: data })),
            (err: unknown) => writer.event(sse('error', { column, ...errorEvent(request, err) })),
          );
      });
      void Promise.all(runs).then(() => writer.end(sse('end', {})));
      return reply.send(stream as never);
    },
  );
};
