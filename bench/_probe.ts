import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startBrowserApp } from '../electron/web';
const dataDir = mkdtempSync(join('/dev/shm', 'probe-'));
const app = await startBrowserApp({ dataDir, port: 0, changeWatch: false });
const base = app.serviceUrl.replace(/\/$/, '');
const h = { authorization: `Bearer ${app.localUser.token}`, 'content-type': 'application/json' };
for (let l = 0; l < 9; l++) await fetch(`${base}/tasks/v1/users/@me/lists`, { method: 'POST', headers: h, body: JSON.stringify({ title: `L${l}` }) });
const lists = ((await (await fetch(`${base}/tasks/v1/users/@me/lists`, { headers: h })).json()) as { items: { id: string }[] }).items;
for (const l of lists) for (let i = 0; i < 100; i++) await fetch(`${base}/tasks/v1/lists/${l.id}/tasks`, { method: 'POST', headers: h, body: JSON.stringify({ title: `t${i}` }) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (let round = 0; round < 3; round++) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.addInitScript({ content: "globalThis.__name = (f) => f; sessionStorage.setItem('atrium.view', 'calendar');" });
  const t0 = Date.now();
  const log: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => log.push(`${Date.now() - t0} sent ${String(f.payload).slice(0, 90)}`));
    ws.on('framereceived', (f) => log.push(`${Date.now() - t0} recv ${String(f.payload).length} ${String(f.payload).slice(0, 60)}`));
  });
  await page.goto(app.url);
  await page.getByTestId('nav-tasks').waitFor();
  await page.waitForTimeout(1000);
  log.push(`${Date.now() - t0} CLICK`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.getByTestId('nav-tasks').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="task-column"]')].length === 10 && [...document.querySelectorAll('[data-testid="task-column"]')].every((c) => c.querySelector('[data-testid="task-card"]')));
  log.push(`${Date.now() - t0} DONE`);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  if (round === 2) console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(0)}ms ${k}`).join('\n'));
  if (round === 2) console.log(log.filter((l) => !l.includes('Calendar')).join('\n'));
  await page.close();
}
await browser.close();
await app.close();
