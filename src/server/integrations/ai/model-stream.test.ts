import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { modelPrompt, retryAfterMs } from './model-stream';

const answered = (status: number, headers: Record<string, string>) =>
  new APICallError({
    message: 'busy',
    url: 'http://provider/v1/messages',
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: headers,
  });

describe('a retried call waits', () => {
  it('as long as the provider asks, in milliseconds, seconds or until a date', () => {
    expect(retryAfterMs(answered(429, { 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(answered(529, { 'retry-after': '2' }))).toBe(2000);
    const later = retryAfterMs(answered(503, { 'retry-after': new Date(Date.now() + 5000).toUTCString() }));
    expect(later).toBeGreaterThan(3000);
    expect(later).toBeLessThanOrEqual(5000);
  });

  it('by the backoff when the provider asks for a minute or more, or says nothing it can read', () => {
    expect(retryAfterMs(answered(429, { 'retry-after': '120' }))).toBeUndefined();
    expect(retryAfterMs(answered(429, { 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(answered(429, {}))).toBeUndefined();
    expect(retryAfterMs(new Error('no connection'))).toBeUndefined();
  });
});

describe('the prompt a model is given', () => {
  it('holds the system text, the conversation and the files by their bytes', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    expect(
      modelPrompt('Be brief.', [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', image: png, mediaType: 'image/png' },
          ],
        },
        { role: 'assistant', content: 'A picture.' },
        { role: 'user', content: 'Thanks' },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'file', data: png, mediaType: 'image/png' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'A picture.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
  });

  it('refuses a file given by its address rather than guess how to fetch it', () => {
    expect(() =>
      modelPrompt('', [
        { role: 'user', content: [{ type: 'image', image: new URL('http://example.com/a.png') }] },
      ]),
    ).toThrow(/bytes/);
  });
});
