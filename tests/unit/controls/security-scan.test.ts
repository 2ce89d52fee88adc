import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { failing, readReport, severityOf } from '../../../scripts/security-scan';

/*
 * `npm run test:security` reads wapiti's JSON report (levels 0 info to 4 critical, as Debian's 3.0.4
 * writes them) and fails on high and medium findings unless one is a documented false positive for
 * that category at that path; without wapiti it says how to install it and fails, in CI's summary too.
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
  it('uses the wapiti 3 scale (0 info, 1 low, 2 medium, 3 high, 4 critical)', () => {
    expect(severityOf(4)).toBe('critical');
    expect(severityOf('3')).toBe('high');
    expect(severityOf(2)).toBe('medium');
    expect(severityOf(1)).toBe('low');
    expect(severityOf(0)).toBe('info');
    // Debian's 3.0.4 reports missing HSTS as level 1: low, not a failure.
    expect(failing(readReport(report('Wapiti 3.0.4', 1)))).toEqual([]);
    expect(failing(readReport(report('Wapiti 3.0.4', 2)))).toHaveLength(1);
    expect(failing(readReport(report('Wapiti 3.2.2', 3)))).toHaveLength(1);
  });

  it('counts a level it does not know as high: an unknown scale can only fail', () => {
    expect(severityOf(undefined)).toBe('high');
    expect(severityOf(7)).toBe('high');
  });

  it('excludes a documented false positive only for its category at its path', () => {
    const findings = readReport({
      infos: { version: 'Wapiti 3.0.4' },
      vulnerabilities: {
        'Cross Site Scripting': [
          { method: 'GET', path: '/api/x', level: 2, parameter: 'q' },
          { method: 'GET', path: '/api/y', level: 2, parameter: 'q' },
        ],
        'SQL Injection': [{ method: 'GET', path: '/api/x', level: 3, parameter: 'q' }],
      },
    });
    const list = [{ category: 'Cross Site Scripting', path: '/api/x', reason: 'JSON, never HTML' }];
    expect(failing(findings, list).map((f) => `${f.category} ${f.path}`)).toEqual([
      'Cross Site Scripting /api/y',
      'SQL Injection /api/x',
    ]);
    expect(failing(findings, [])).toHaveLength(3);
  });

  it('counts anomalies (500 answers) too, and names where each finding is', () => {
    const findings = readReport({
      infos: { version: 'Wapiti 3.0.4' },
      anomalies: { 'Internal Server Error': [{ method: 'POST', path: '/api/auth/login', level: 3 }] },
    });
    expect(findings).toEqual([
      {
        kind: 'anomaly',
        category: 'Internal Server Error',
        severity: 'high',
        path: '/api/auth/login',
        where: 'POST /api/auth/login',
        info: '',
      },
    ]);
    expect(failing(findings)).toHaveLength(1);
  });
});

describe('npm run test:security without wapiti', () => {
  it('says how to install it, exits 2 and reports a failed scan to CI', async () => {
    const run = promisify(execFile);
    // A PATH holding node and nothing else, wherever wapiti may be installed on this machine.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-path-'));
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    // A copy of the script in a scratch root, so the real .tmp/results is left alone.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-scan-'));
    fs.mkdirSync(path.join(scratch, 'scripts'));
    fs.copyFileSync('scripts/security-scan.ts', path.join(scratch, 'scripts/security-scan.ts'));
    fs.symlinkSync(path.resolve('src'), path.join(scratch, 'src'));
    fs.symlinkSync(path.resolve('node_modules'), path.join(scratch, 'node_modules'));
    fs.copyFileSync('package.json', path.join(scratch, 'package.json'));
    const err = await run(
      path.resolve('node_modules/.bin/tsx'),
      [path.join(scratch, 'scripts/security-scan.ts')],
      { env: { ...process.env, PATH: bin } },
    ).catch((e: { code: number; stderr: string }) => e);
    expect('code' in err && err.code).toBe(2);
    expect((err as { stderr: string }).stderr).toContain('sudo apt-get install -y wapiti');
    const result = JSON.parse(fs.readFileSync(path.join(scratch, '.tmp/results/security.json'), 'utf8'));
    expect(result).toMatchObject({ success: false, numPassedTests: 0, numFailedTests: 1 });
    expect(result.problem).toContain('wapiti is not installed');
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(bin, { recursive: true, force: true });
  });
});
