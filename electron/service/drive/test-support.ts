import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth, drive, type drive_v3 } from '@googleapis/drive';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { startEmbeddedService, type EmbeddedService } from '../server';
import { databaseDigest } from '../store/database-digest';

export interface DriveTestUser {
  email: string;
  token: string;
  displayName: string;
  client: drive_v3.Drive;
}

export interface DriveTestService {
  service: EmbeddedService;
  dataDir: string;
  alice: DriveTestUser;
  bob: DriveTestUser;
  carol: DriveTestUser;
  /** Moves the service clock forward. */
  advance(ms: number): void;
  /** Raw HTTP call (for protocol details the client hides). */
  call(
    token: string,
    method: string,
    path: string,
    init?: { body?: RequestInit['body']; headers?: Record<string, string> },
  ): Promise<Response>;
  /** A hash of every row (to check a rejected request changed nothing). */
  digest(): string;
  /** Notification "emails" queued by sharing, oldest first. */
  outbox(): { recipient: string; subject: string; body: string; file_id: string }[];
  /** Per-call options the official client needs for media uploads. */
  media: { rootUrl: string };
  close(): Promise<void>;
}

const people = [
  { email: 'me@atrium.local', token: 'alice-token', displayName: 'Me' },
  { email: 'bob@example.com', token: 'bob-token', displayName: 'Bob' },
  { email: 'carol@example.com', token: 'carol-token', displayName: 'Carol' },
] as const;

/** The embedded service on a free port in a temporary folder, with three users and their official clients. */
export async function startDriveTestService(): Promise<DriveTestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-drive-'));
  let offset = 0;
  const service = await startEmbeddedService({
    dataDir,
    port: 0,
    users: people.map((p) => ({ ...p })),
    now: () => new Date(Date.now() + offset),
    channels: { retryBaseDelayMs: 10, maxAttempts: 2 },
  });
  const rootUrl = `${service.url}/`;
  const clientFor = (p: (typeof people)[number]): DriveTestUser => {
    const oauth = new auth.OAuth2();
    oauth.setCredentials({ access_token: p.token });
    return { ...p, client: drive({ version: 'v3', rootUrl, auth: oauth }) };
  };
  const [alice, bob, carol] = people.map(clientFor) as [DriveTestUser, DriveTestUser, DriveTestUser];
  return {
    service,
    dataDir,
    alice,
    bob,
    carol,
    advance(ms) {
      offset += ms;
    },
    call(token, method, path, init = {}) {
      return fetch(service.url + path, {
        method,
        body: init.body,
        headers: { Authorization: `Bearer ${token}`, ...init.headers },
      });
    },
    digest: () => databaseDigest(service.context.store),
    outbox: () =>
      service.context.store.db
        .prepare<[], { recipient: string; subject: string; body: string; file_id: string }>(
          'SELECT recipient, subject, body, file_id FROM drive_outbox ORDER BY id',
        )
        .all(),
    media: { rootUrl },
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Google error reason of a rejected client call. */
export async function reasonOf(
  promise: Promise<unknown>,
): Promise<{ status: number; reason: string; message: string; location?: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as {
      status?: number;
      response?: {
        status: number;
        data?: { error?: { message: string; errors?: { reason: string; location?: string }[] } };
      };
    };
    const body = e.response?.data?.error;
    return {
      status: e.response?.status ?? e.status ?? 0,
      reason: body?.errors?.[0]?.reason ?? '',
      message: body?.message ?? '',
      ...(body?.errors?.[0]?.location ? { location: body.errors[0].location } : {}),
    };
  }
  throw new Error('Expected the call to fail.');
}

/** Where the blob store keeps `content` (addressed by its BLAKE3 digest). */
export function blobPathOf(dataDir: string, content: Buffer | string): string {
  const address = new Blake3Hasher().update(Buffer.from(content)).digest('hex');
  return join(dataDir, 'blobs', address.slice(0, 2), address);
}
