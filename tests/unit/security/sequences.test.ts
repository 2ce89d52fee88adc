import fc from 'fast-check';
import { afterAll, beforeAll, it } from 'vitest';
import { type FakeRazorpay, razorpayEnv, startFakeRazorpay } from '../../support/fake-razorpay';
import { type PlaygroundHarness, startPlayground } from '../../support/playground';
import { commands } from './sequences/commands';
import { type Shared, newWorld } from './sequences/world';

/*
 * Generated sequences of actions by two creators, two buyers, a Free user and the admin (issue 51):
 * fast-check's model-based testing picks up to 30 actions, any field at any value, runs them
 * through the HTTP API against fake Razorpay and AI providers, and checks every invariant after each
 * step (sequences/invariants.ts). A failure prints the shrunk sequence. SEQUENCES sequences run
 * (300 in `npm test`, 10 000 in `npm run test:fuzz`), on the engine under test.
 */

const SEQUENCES = Number(process.env.FUZZ_SEQUENCES ?? (process.env.FUZZ_RUNS ? 10_000 : 300));

let h: PlaygroundHarness;
let razorpay: FakeRazorpay;
let shared: Shared;

beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  h = await startPlayground({ env: { ...razorpayEnv(razorpay), RATE_LIMIT_MAX: '100000000' } });
  shared = { h, razorpay, admin: await h.signInAdmin() };
});

afterAll(async () => {
  await h?.close();
  await razorpay?.close();
});

it(
  `keeps every rule through ${SEQUENCES} generated sequences of actions`,
  async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (steps) => {
        const world = await newWorld(shared);
        await fc.asyncModelRun(() => ({ model: world, real: world }), steps);
      }),
      { numRuns: SEQUENCES },
    );
  },
  SEQUENCES * 2_000,
);
