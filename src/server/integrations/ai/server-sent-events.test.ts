import { describe, expect, it } from 'vitest';
import { type ServerSentEvent, ServerSentEventParser } from './server-sent-events';

/** Feeds the chunks in order and returns every event they completed. */
function parse(...chunks: string[]): ServerSentEvent[] {
  const parser = new ServerSentEventParser();
  const out: ServerSentEvent[] = [];
  for (const chunk of chunks) parser.push(chunk, out);
  return out;
}

describe('ServerSentEventParser', () => {
  it('reads named events and unnamed ones as messages', () => {
    expect(parse('event: ping\ndata: {"type":"ping"}\n\ndata: [DONE]\n\n')).toEqual([
      { event: 'ping', data: '{"type":"ping"}' },
      { event: 'message', data: '[DONE]' },
    ]);
  });

  it('gives the same events however the body is cut into chunks', () => {
    const body = 'event: content_block_delta\r\ndata: {"text":"Hé"}\r\n\r\nevent: message_stop\rdata: {}\r\r';
    const whole = parse(body);
    expect(whole).toEqual([
      { event: 'content_block_delta', data: '{"text":"Hé"}' },
      { event: 'message_stop', data: '{}' },
    ]);
    for (let cut = 1; cut < body.length; cut++) {
      expect(parse(body.slice(0, cut), body.slice(cut)), `cut at ${cut}`).toEqual(whole);
    }
    expect(parse(...body.split(''))).toEqual(whole);
  });

  it('joins data lines, drops one leading space, skips comments and unknown fields', () => {
    expect(parse(': keep-alive\nid: 7\nretry: 100\ndata:  two spaces\ndata\ndata:last\n\n')).toEqual([
      { event: 'message', data: ' two spaces\n\nlast' },
    ]);
  });

  it('dispatches nothing for an event without data, and forgets its name', () => {
    expect(parse('event: lonely\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('holds an event until its blank line: one cut off by the end of the body never arrives', () => {
    const parser = new ServerSentEventParser();
    const out: ServerSentEvent[] = [];
    parser.push('event: message_delta\ndata: {"stop_reason":"end_turn"}\n', out);
    expect(out).toEqual([]);
    parser.push('\n', out);
    expect(out).toEqual([{ event: 'message_delta', data: '{"stop_reason":"end_turn"}' }]);
  });
});
