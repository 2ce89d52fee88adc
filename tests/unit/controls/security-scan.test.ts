import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { failing, readReport, severityOf } from '../../../scripts/security-scan';

/*
 * `npm run test:security` reads wapiti's JSON report on the scale of the wapiti version that wrote it
 * and fails on high and medium findings; without wapiti it says how to install it and fails.
 */

const report = (version: string, level: number) => ({
  infos: { version },
  vulnerabilities: {
    'Cross Site Scripting': [{ method: 'GET', path: '/api/x', info: 'XSS', level, parameter: 'q' }],
    'SQL Injection': [],
  },
  anomalies: { 'Internal Server Error': [] },
});

describe('reading a wapiti report', () => {
  it('uses the 3.0.x scale (1 high, 2 medium, 3 low)', () => {
    expect(severityOf(1, 'Wapiti 3.0.4')).toBe('high');
    expect(severityOf('2', 'Wapiti 3.0.4')).toBe('medium');
    expect(severityOf(3, 'Wapiti 3.0.4')).toBe('low');
    expect(failing(readReport(report('Wapiti 3.0.4', 1)))).toHaveLength(1);
    expect(failing(readReport(report('Wapiti 3.0.4', 3)))).toEqual([]);
  });

  it('uses the 3.1+ scale (0 info up to 4 critical)', () => {
    expect(severityOf(4, 'Wapiti 3.2.2')).toBe('critical');
    expect(severityOf(3, 'Wapiti 3.2.2')).toBe('high');
    expect(severityOf(1, 'Wapiti 3.2.2')).toBe('low');
    expect(failing(readReport(report('Wapiti 3.2.2', 3)))).toHaveLength(1);
    expect(failing(readReport(report('Wapiti 3.2.2', 1)))).toEqual([]);
  });

  it('counts anomalies (500 answers) too, and names where each finding is', () => {
    const findings = readReport({
      infos: { version: 'Wapiti 3.0.4' },
      anomalies: { 'Internal Server Error': [{ method: 'POST', path: '/api/auth/login', level: 1 }] },
    });
    expect(findings).toEqual([
      {
        kind: 'anomaly',
        category: 'Internal Server Error',
        severity: 'high',
        where: 'POST /api/auth/login',
        info: '',
      },
    ]);
    expect(failing(findings)).toHaveLength(1);
  });
});

describe('npm run test:security without wapiti', () => {
  it('says how to install it and exits 2', async () => {
    const run = promisify(execFile);
    // A PATH holding node and nothing else, wherever wapiti may be installed on this machine.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-path-'));
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    const err = await run(path.resolve('node_modules/.bin/tsx'), ['scripts/security-scan.ts'], {
      env: { ...process.env, PATH: bin },
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in err && err.code).toBe(2);
    expect((err as { stderr: string }).stderr).toContain('sudo apt-get install -y wapiti');
    fs.rmSync(bin, { recursive: true, force: true });
  });
});
