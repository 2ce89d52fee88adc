import { spawn } from 'node:child_process';

/*
 * `npm run check`, the first step of `npm test`: typecheck, lint and format check side by side (they
 * are independent, and one after another they took a minute and a half). Each one's output is shown
 * whole when it ends; the step fails when any of them fails.
 */

const steps = ['typecheck', 'lint', 'format:check'];

const results = await Promise.all(
  steps.map(
    (name) =>
      new Promise<{ name: string; code: number; output: string }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        child.on('close', (code) => {
          process.stdout.write(`\n==> npm run ${name}: ${code === 0 ? 'passed' : 'FAILED'}\n${output}`);
          resolve({ name, code: code ?? 1, output });
        });
      }),
  ),
);

const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length) {
  console.error(`\n${failed.join(', ')} failed`);
  process.exit(1);
}
