import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MemoryVault } from '../core/vault';
import { startBrowserApp, type BrowserApp } from './browser-app';

/*
 * The browser host's WebSocket carries a call nested 5,000 levels deep: the reply is the typed
 * `invalidInput`, nothing is created, and the same socket goes on answering.
 */
let dir: string;
let app: BrowserApp;
let socketUrl: string;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-ipc-nesting-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Atrium</title>');
  app = await startBrowserApp({
    dataDir: join(dir, 'data'),
    rendererDir,
    vault: new MemoryVault(),
    changeWatch: false,
  });
  const url = new URL(app.url);
  origin = `http://127.0.0.1:${url.port}`;
  socketUrl = `ws://127.0.0.1:${url.port}/ipc?secret=${url.searchParams.get('secret')!}`;
});

afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Reply {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl, { headers: { origin } });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

let nextId = 1;
function call(ws: WebSocket, method: string, inputJson: string): Promise<Reply> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reply to call ${id}`)), 10_000);
    const onMessage = (data: Buffer): void => {
      const frame = JSON.parse(data.toString('utf8')) as { type: string; id?: number; reply?: Reply };
      if (frame.type !== 'reply' || frame.id !== id) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(frame.reply!);
    };
    ws.on('message', onMessage);
    ws.send(`{"type":"call","id":${id},"method":${JSON.stringify(method)},"input":${inputJson}}`);
  });
}

const listTitles = async (ws: WebSocket): Promise<string[]> => {
  const reply = await call(ws, 'api.call', '{"operation":"TasksTasklistsList"}');
  expect(reply.ok, reply.error?.message).toBe(true);
  return ((reply.value as { items?: { title: string }[] }).items ?? []).map((list) => list.title);
};

describe('browser host socket: deeply nested call input', () => {
  it('answers invalidInput for an api.call body nested 5,000 deep and creates nothing', async () => {
    const ws = await open();
    try {
      const before = await listTitles(ws);
      const deepTitle = `${'{"t":'.repeat(5_000)}"x"${'}'.repeat(5_000)}`;
      const reply = await call(ws, 'api.call', `{"operation":"TasksTasklistsInsert","body":{"title":${deepTitle}}}`);
      expect(reply.ok).toBe(false);
      expect(reply.error?.code).toBe('invalidInput');
      expect(reply.error?.message).toMatch(/nest deeper than 64 levels/);
      const deepParams = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
      const second = await call(ws, 'api.call', `{"operation":"TasksTasklistsList","params":{"q":${deepParams}}}`);
      expect(second.error?.code).toBe('invalidInput');
      expect(await listTitles(ws)).toEqual(before);
      const created = await call(ws, 'api.call', '{"operation":"TasksTasklistsInsert","body":{"title":"after"}}');
      expect(created.ok, created.error?.message).toBe(true);
      expect(await listTitles(ws)).toEqual([...before, 'after']);
    } finally {
      ws.close();
    }
  });
});
