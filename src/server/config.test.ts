import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pf-config-'));

describe('configuration', () => {
  it('has working defaults for a fresh checkout: demo on, SQLite in the data folder, port 3000', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      demo: true,
      env: 'development',
      databaseUrl: `file:${path.join(dataDir, 'promptforge.db')}`,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('generates a missing secret once in demo mode and keeps it in the data folder', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(again.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dataDir, 'secrets.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).JWT_SECRET).toBe(first.jwtSecret);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });

  it('refuses to start in production without a secret, naming it', () => {
    const dataDir = tmp();
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://pf.example', DATA_DIR: dataDir }),
    ).toThrow(/JWT_SECRET: is required when NODE_ENV=production/);
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('refuses to start in production without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmp() })).toThrow(
      /PUBLIC_URL: is required when NODE_ENV=production/,
    );
  });

  it('refuses to start in production without a mail transport, naming SMTP_URL and MAIL_TRANSPORT', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://pf.example',
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: tmp(),
    };
    expect(() => loadConfig(production)).toThrow(
      /SMTP_URL: is required when NODE_ENV=production .*or set MAIL_TRANSPORT=log/,
    );
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'log' }).mailTransport).toBe('log');
    const smtp = loadConfig({ ...production, SMTP_URL: 'smtps://u:p@mail.example:465' });
    expect(smtp).toMatchObject({ mailTransport: 'smtp', smtpUrl: 'smtps://u:p@mail.example:465' });
    expect(() => loadConfig({ ...production, MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: is required when MAIL_TRANSPORT=smtp/,
    );
    expect(() =>
      loadConfig({ ...production, MAIL_TRANSPORT: 'log', SMTP_URL: 'smtp://127.0.0.1:25' }),
    ).toThrow(/MAIL_TRANSPORT=log and SMTP_URL: set one or the other/);
    // Development and tests keep mail in the outbox by default.
    expect(loadConfig({ DATA_DIR: tmp() }).mailTransport).toBe('log');
  });

  it('takes the PostgreSQL pool size from DATABASE_POOL_SIZE, 10 by default, and refuses nonsense', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE: must be at least 1/,
    );
  });

  it('turns demo mode off in production and with DEMO=false', () => {
    const secret = 'x'.repeat(40);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://pf.example',
        JWT_SECRET: secret,
        MAIL_TRANSPORT: 'log',
        DATA_DIR: tmp(),
      }).demo,
    ).toBe(false);
    expect(loadConfig({ DEMO: 'false', JWT_SECRET: secret, DATA_DIR: tmp() }).demo).toBe(false);
  });

  it('has no test payment gateway in production unless PAYMENTS_TEST_MODE asks for it', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://pf.example',
      JWT_SECRET: 'x'.repeat(40),
      MAIL_TRANSPORT: 'log',
      DATA_DIR: tmp(),
    };
    expect(loadConfig(production).payments.gateway).toBe('off');
    expect(loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' }).payments.gateway).toBe('test');
    expect(loadConfig({ DATA_DIR: tmp() }).payments.gateway).toBe('test');
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DEMO: 'maybe',
        JWT_SECRET: 'short',
        PUBLIC_URL: 'not a url',
        DATA_DIR: tmp(),
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const names = (err as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names.sort()).toEqual(['DEMO', 'JWT_SECRET', 'PORT', 'PUBLIC_URL']);
    }
  });

  it('chooses PostgreSQL from a postgres:// DATABASE_URL', () => {
    const url = 'postgres://u@127.0.0.1:5432/pf';
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: tmp() }).databaseUrl).toBe(url);
  });

  it('refuses a provider base URL that is not http(s), naming the variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tmp(), ...env });
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ OPENAI_COMPATIBLE_BASE_URL: 'localhost:11434/v1' })).toEqual([
      'OPENAI_COMPATIBLE_BASE_URL: must be an http:// or https:// URL',
    ]);
    expect(problems({ ANTHROPIC_BASE_URL: 'ftp://example.com' })).toEqual([
      'ANTHROPIC_BASE_URL: must be an http:// or https:// URL',
    ]);
  });

  it('reads any number of providers from AI_CONFIG_FILE, keys from the environment, and maps the choices', () => {
    const dir = tmp();
    const file = path.join(dir, 'ai.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        providers: [
          { id: 'ollama', kind: 'openai-compatible', name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1' },
          {
            id: 'vllm',
            kind: 'openai-compatible',
            baseUrl: 'http://gpu.internal:8000/v1',
            apiKeyEnv: 'VLLM_KEY',
            models: [{ id: 'qwen2.5-vl', images: true, inputPrice: 0.1, outputPrice: 0.2 }],
          },
        ],
        choices: { chatgpt: 'vllm/qwen2.5-vl' },
      }),
    );
    const config = loadConfig({ DATA_DIR: dir, AI_CONFIG_FILE: file, VLLM_KEY: 'secret' });
    expect(config.ai.choices).toMatchObject({
      claude: 'anthropic/claude-sonnet-4-5',
      chatgpt: 'vllm/qwen2.5-vl',
    });
    expect(config.ai.providers.find((p) => p.id === 'ollama')).toMatchObject({
      listModels: true,
      apiKey: null,
    });
    expect(config.ai.providers.find((p) => p.id === 'vllm')).toMatchObject({
      apiKey: 'secret',
      models: [
        {
          id: 'qwen2.5-vl',
          capabilities: { images: true, pdf: false },
          price: { inputMicros: 100_000, outputMicros: 200_000 },
        },
      ],
    });

    fs.writeFileSync(
      file,
      JSON.stringify({ providers: [{ id: 'x', kind: 'openai-compatible', baseUrl: 'nope' }] }),
    );
    expect(() => loadConfig({ DATA_DIR: dir, AI_CONFIG_FILE: file })).toThrow(
      /AI_CONFIG_FILE providers.0.baseUrl: must be an http:\/\/ or https:\/\/ URL/,
    );
  });
});
