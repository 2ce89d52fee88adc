/** What the app answered to one of the benchmark's requests, for the bare server to repeat (bare-server.ts). */
export interface RecordedResponse {
  status: number;
  type: string;
  /** Content-Encoding, when the app compressed the answer. */
  encoding?: string;
  /** base64 */
  body: string;
}

/** A recorded answer's key: the request's method and URL, and the encodings it accepts, if any. */
export const answerKey = (method: string, url: string, acceptEncoding?: string | string[]) =>
  acceptEncoding ? `${method} ${url} ${String(acceptEncoding)}` : `${method} ${url}`;
