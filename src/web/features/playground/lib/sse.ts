/*
 * A parser for server-sent events (the WHATWG "event stream" format) fed with text as it arrives.
 * Network chunks split anywhere, even inside a line or a multi-byte character (the caller decodes
 * with a streaming TextDecoder), so incomplete lines wait in a buffer until their line break comes.
 */

export interface SseEvent {
  /** The `event:` field; 'message' when the event names none. */
  event: string;
  /** The `data:` lines joined with line breaks. */
  data: string;
}

export interface SseParser {
  /** Adds decoded text; calls onEvent for every event it completes. */
  push(text: string): void;
  /** The stream ended: an event still missing its blank line is dispatched anyway. */
  end(): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];
  let hasData = false;

  const dispatch = () => {
    if (hasData) onEvent({ event: eventName || 'message', data: data.join('\n') });
    eventName = '';
    data = [];
    hasData = false;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // a comment, used by servers as a keep-alive
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
  };

  return {
    push(text) {
      buffer += text;
      // Lines end with \n, \r\n or a lone \r; a \r at the very end may be half of a \r\n.
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch === '\n' || ch === '\r') {
          if (ch === '\r' && i === buffer.length - 1) break;
          line(buffer.slice(start, i));
          if (ch === '\r' && buffer[i + 1] === '\n') i++;
          start = i + 1;
        }
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer) line(buffer.replace(/\r$/, ''));
      buffer = '';
      dispatch();
    },
  };
}
