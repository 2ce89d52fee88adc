import { type EventSourceMessage, createParser } from 'eventsource-parser';

/**
 * Feeds a response body's server-sent events to `onEvent` until the body ends or `stop` says enough.
 * Network chunks split anywhere, even inside a line or a character, so the bytes are decoded as a
 * stream. Throws whatever reading or `onEvent` throws: the caller says what that means to the user.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: EventSourceMessage) => void,
  stop: () => boolean = () => false,
): Promise<void> {
  const parser = createParser({ onEvent });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (stop()) return;
    }
    // An event still missing its blank line when the stream ends is dropped, as the format says.
    parser.feed(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}
