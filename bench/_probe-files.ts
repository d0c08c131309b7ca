import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedService } from '../electron/service';
const dir = mkdtempSync(join('/dev/shm', 'probe-'));
const token = 't';
const s = await startEmbeddedService({ dataDir: dir, port: 0, users: [{ email: 'me@atrium.local', token }] });
const api = async (method: string, path: string, body?: unknown) => {
  const r = await fetch(s.url + path, { method, headers: { authorization: 'Bearer ' + token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (!r.ok) throw new Error(await r.text());
  return r.json() as Promise<any>;
};
const folder = await api('POST', '/drive/v3/files', { name: 'F', mimeType: 'application/vnd.google-apps.folder' });
const N = Number(process.argv[2] ?? 3000);
let t = performance.now();
let next = 0;
await Promise.all(Array.from({ length: 16 }, async () => { for (let i = next++; i < N; i = next++) await api('POST', '/drive/v3/files?fields=id', { name: `Item ${i}`, parents: [folder.id], mimeType: 'text/plain' }); }));
console.log('seed', N, (performance.now() - t).toFixed(0), 'ms');
const fieldsFull = 'nextPageToken,files(id,name,mimeType,modifiedTime,createdTime,size,quotaBytesUsed,owners(displayName,emailAddress,me,permissionId),lastModifyingUser(displayName,emailAddress,me),parents,starred,trashed,shared,folderColorRgb,hasThumbnail,thumbnailLink,driveId,webViewLink,description,headRevisionId,capabilities(canAddChildren,canComment,canCopy,canDelete,canDownload,canEdit,canModifyContent,canMoveItemWithinDrive,canReadRevisions,canRename,canShare,canTrash,canUntrash))';
for (const [label, fields] of [['full', fieldsFull], ['min', 'nextPageToken,files(id,name,mimeType,modifiedTime,size)']]) {
  for (const size of [100, 1000]) {
    t = performance.now();
    const q = encodeURIComponent(`'${folder.id}' in parents and trashed = false`);
    const r = await api('GET', `/drive/v3/files?q=${q}&orderBy=folder,name&pageSize=${size}&fields=${encodeURIComponent(fields)}`);
    const first = performance.now() - t;
    t = performance.now();
    await api('GET', `/drive/v3/files?q=${q}&orderBy=folder,name&pageSize=${size}&fields=${encodeURIComponent(fields)}&pageToken=${encodeURIComponent(r.nextPageToken)}`);
    console.log(label, size, 'first', first.toFixed(0), 'second', (performance.now() - t).toFixed(0), 'ms', JSON.stringify(r).length, 'bytes');
  }
}
await s.close(); rmSync(dir, { recursive: true, force: true });
