import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli, UsageError } from './cli';

const repo = join(import.meta.dirname, '..', '..');
const cli = join(repo, 'electron', 'service', 'cli.ts');
/**
 * The CLI from sources, in one process: Node with tsx's loader, so a signal reaches the CLI itself.
 * (The `tsx` command runs it in a child and relays signals, killing it outright when the child takes
 * longer than 30 ms to say it got one: on a busy machine a clean stop then ends with 143.)
 */
const node = (args: string[]) => [process.execPath, ['--import', 'tsx', cli, ...args]] as const;

interface Running {
  child: ChildProcess;
  url: string;
  exit: Promise<number | null>;
}

/** Starts the CLI and resolves once it printed its `listening on` line. */
function startCli(args: string[]): Promise<Running> {
  const child = spawn(...node(args), { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/m.exec(out);
      if (line) resolve({ child, url: line[1]!, exit });
    });
    void exit.then((code) => reject(new Error(`CLI exited (${code}) before listening: ${out}${err}`)));
  });
}

function runToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(...node(args), { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

const listTaskLists = (url: string, token: string) =>
  fetch(`${url}/tasks/v1/users/@me/lists`, { headers: { Authorization: `Bearer ${token}` } });

describe.concurrent('service CLI', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves on a free port, keeps data and users across restarts, stops on SIGTERM', async () => {
    const first = await startCli(['--port', '0', '--data', dir, '--user', 'me@atrium.local:first-token']);
    try {
      const response = await listTaskLists(first.url, 'first-token');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { kind: string; items: { title: string }[] };
      expect(body.kind).toBe('tasks#taskLists');
      expect((await listTaskLists(first.url, 'wrong')).status).toBe(401);
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exit).toBe(0);

    const second = await startCli([
      '--data',
      dir,
      '--user',
      'me@atrium.local:second-token',
      '--user',
      'me@atrium.local:first-token',
    ]);
    try {
      const a = await listTaskLists(second.url, 'first-token');
      const b = await listTaskLists(second.url, 'second-token');
      expect(a.status).toBe(200);
      expect(await a.json()).toEqual(await b.json());
    } finally {
      second.child.kill('SIGINT');
    }
    expect(await second.exit).toBe(0);
  });

  it('delivers to --allow-webhook origins and https only: another loopback port is refused and hears nothing', async () => {
    const heard: { port: number; state: string }[] = [];
    const receivers = [createServer(), createServer()];
    for (const server of receivers) {
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        heard.push({
          port: (server.address() as AddressInfo).port,
          state: String(req.headers['x-goog-resource-state']),
        });
        req.resume();
        res.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    }
    const [allowed, unlisted] = receivers.map((s) => (s.address() as AddressInfo).port) as [number, number];
    const running = await startCli([
      '--data',
      join(dir, 'webhooks'),
      '--user',
      'me@atrium.local:hook-token',
      '--allow-webhook',
      `http://127.0.0.1:${allowed}`,
    ]);
    const watch = (id: string, address: string) =>
      fetch(`${running.url}/calendar/v3/users/me/calendarList/watch`, {
        method: 'POST',
        headers: { Authorization: 'Bearer hook-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, type: 'web_hook', address }),
      });
    try {
      const refused = await watch('unlisted', `http://127.0.0.1:${unlisted}/hook`);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: { errors: { reason: string }[] } };
      expect(body.error.errors[0]!.reason).toBe('push.webhookUrlNotHttps');
      expect((await watch('allowed', `http://127.0.0.1:${allowed}/hook`)).status).toBe(200);
      // Past the first retry (1 s) of anything that might have been sent.
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(heard).toEqual([{ port: allowed, state: 'sync' }]);
    } finally {
      running.child.kill('SIGTERM');
      for (const server of receivers) server.close();
    }
    expect(await running.exit).toBe(0);
  });

  it('exits 2 with usage on bad arguments', async () => {
    const result = await runToExit(['--port', 'eighty', '--data', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port must be');
    expect(result.stderr).toContain('usage: npm run service');
  });
});

describe('parseCli', () => {
  it('parses ports, data and repeated users', () => {
    expect(parseCli(['--data', '/tmp/x', '--port', '8080', '--user', 'a@b.c:t:1', '--user', 'd@e.f:u'])).toEqual({
      dataDir: '/tmp/x',
      port: 8080,
      users: [
        { email: 'a@b.c', token: 't:1' },
        { email: 'd@e.f', token: 'u' },
      ],
      allowedWebhookOrigins: [],
    });
    expect(parseCli(['--data', 'rel'])?.port).toBe(0);
    expect(parseCli(['--help'])).toBeNull();
  });

  it('parses repeated --allow-webhook origins, normalised', () => {
    const args = [
      '--data',
      'd',
      '--allow-webhook',
      'HTTP://0x7f000001:9000/',
      '--allow-webhook',
      'https://Hooks.example:443',
    ];
    expect(parseCli(args)?.allowedWebhookOrigins).toEqual(['http://127.0.0.1:9000', 'https://hooks.example']);
  });
  it.each([
    [[], /--data/],
    [['--data', 'd', '--port', '70000'], /--port/],
    [['--data', 'd', '--user', 'nobody'], /<email>:<token>/],
    [['--data', 'd', '--user', 'a@b.c:'], /token/],
    [['--data', 'd', '--user', 'not-an-email:tok'], /email/],
    [['--data', 'd', '--verbose'], /verbose/],
    [['--data', 'd', 'extra'], /extra/],
    [['--data', 'd', '--allow-webhook', 'http://127.0.0.1:9/hook'], /--allow-webhook.*no path/],
    [['--data', 'd', '--allow-webhook', 'http://u:p@127.0.0.1:9'], /--allow-webhook.*password/],
    [['--data', 'd', '--allow-webhook', 'ftp://x'], /--allow-webhook/],
  ])('rejects %j', (args, message) => {
    expect(() => parseCli(args as string[])).toThrow(UsageError);
    expect(() => parseCli(args as string[])).toThrow(message);
  });
});
