import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SseEvent, createSseParser } from './sse';

function parseAll(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

const STREAM =
  'event: session\ndata: {"sessionId":"s1"}\n\n' +
  'event: token\ndata: {"text":"Hello "}\n\n' +
  ': keep-alive\n\n' +
  'event: token\r\ndata: {"text":"wörld\\n"}\r\n\r\n' +
  'event: done\ndata: {"response":"Hello wörld"}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'session', data: '{"sessionId":"s1"}' },
  { event: 'token', data: '{"text":"Hello "}' },
  { event: 'token', data: '{"text":"wörld\\n"}' },
  { event: 'done', data: '{"response":"Hello wörld"}' },
];

describe('server-sent events parser', () => {
  it('reads named events, skips comments, accepts CRLF', () => {
    expect(parseAll([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the stream is cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: STREAM.length }), { maxLength: 12 }), (cuts) => {
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), STREAM.length];
        const chunks = points.slice(1).map((end, i) => STREAM.slice(points[i], end));
        expect(parseAll(chunks)).toEqual(EXPECTED);
      }),
    );
  });

  it('joins multi-line data, defaults the event name, and flushes an unterminated last event', () => {
    expect(parseAll(['data: a\ndata: b\n\n', 'event: done\ndata: {}'])).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'done', data: '{}' },
    ]);
  });
});
