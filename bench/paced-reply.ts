/**
 * The paced reply of scenario 7's concurrent runs (bench/fake-provider.ts): hosted models stream
 * about 50-100 tokens a second, and a chat reply runs to hundreds of tokens. 80 tokens at 50 a second
 * (1.6 s) is shorter than most real replies, so the concurrent runs start more turns per second than
 * real traffic with as many open streams would.
 */
export const PACED_TOKENS = 80;
export const PACED_DELAY_MS = 20;
export const PACED_REPLY_MS = PACED_TOKENS * PACED_DELAY_MS;
