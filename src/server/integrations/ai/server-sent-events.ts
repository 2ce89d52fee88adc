/*
 * Server-sent events read from a streamed body, as the HTML standard's event-stream parser reads
 * them: lines end in LF, CR or CRLF (a CRLF may be split across two chunks), `event` and `data`
 * fields, several data lines joined by LF, comments and other fields skipped, one leading space
 * dropped from a value, and an event dispatched at a blank line only when it has data. An event
 * left unfinished when the body ends is dropped, as the standard says.
 */

export interface ServerSentEvent {
  /** The event's type; `message` when the stream names none. */
  event: string;
  data: string;
}

export class ServerSentEventParser {
  private rest = '';
  private skipLineFeed = false;
  private type = '';
  private data: string[] = [];

  /** Reads one decoded chunk of the body and appends the events it completes to `out`. */
  push(text: string, out: ServerSentEvent[]): void {
    // A CR that ended the last chunk ended its line; an LF that starts this one belongs to it.
    if (this.skipLineFeed && text.charCodeAt(0) === 10) text = text.slice(1);
    this.skipLineFeed = text.charCodeAt(text.length - 1) === 13;
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    const buffer = this.rest + text;
    let start = 0;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n', start)) {
      this.line(buffer.slice(start, end), out);
      start = end + 1;
    }
    this.rest = buffer.slice(start);
  }

  private line(line: string, out: ServerSentEvent[]) {
    if (line === '') {
      if (this.data.length > 0) out.push({ event: this.type || 'message', data: this.data.join('\n') });
      this.type = '';
      this.data = [];
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ':' starts a comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.type = value;
  }
}
