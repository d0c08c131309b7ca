/**
 * Runs the embedded service on its own, as a local Google-compatible server:
 *
 *   npm run service -- --port 8080 --data ./data --user me@example.com:secret-token [--user ...] [--admin me@example.com]
 *                      [--allow-webhook http://127.0.0.1:9000]...
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { normaliseOrigin } from './channels/webhook-policy';
import { describeInvalidUser, normalizeEmail, type NewUser } from './common/users-repository';
import { isReadWorkerData } from './read-worker';
import { runReadWorker } from './read-worker-entry';
import { defaultModules, startEmbeddedService } from './server';
import { fromSources } from './worker-script';

export const usage = `usage: npm run service -- --data <dir> [--port <n>] [--user <email>:<token>]... [--admin <email>]...
                          [--allow-webhook <origin>]...

  --data <dir>             folder for the database and file contents (created when missing)
  --port <n>               TCP port on 127.0.0.1 (default 0: any free port)
  --user <email>:<token>   a user and a bearer token acting as it; repeatable; a known email gets the token added
  --admin <email>          that --user administers its email's domain (useDomainAdminAccess); repeatable
  --allow-webhook <origin> watch notifications may also go to this scheme://host[:port], http included;
                           repeatable (by default only https addresses are delivered to)
  --help                   show this text`;

export interface CliOptions {
  dataDir: string;
  port: number;
  users: NewUser[];
  /** Normalised origins watch notifications may go to besides https addresses. */
  allowedWebhookOrigins: string[];
}

export class UsageError extends Error {}

/** Parses the command line; throws UsageError with a readable reason. Returns null for --help. */
export function parseCli(argv: readonly string[]): CliOptions | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        data: { type: 'string' },
        port: { type: 'string' },
        user: { type: 'string', multiple: true },
        admin: { type: 'string', multiple: true },
        'allow-webhook': { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return null;
  if (!values.data) throw new UsageError('--data <dir> is required.');
  const portText = values.port ?? '0';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535)
    throw new UsageError(`--port must be 0..65535, not "${portText}".`);
  const admins = new Set((values.admin ?? []).map(normalizeEmail));
  const users = (values.user ?? []).map((spec): NewUser => {
    const colon = spec.indexOf(':');
    if (colon < 0) throw new UsageError(`--user must be <email>:<token>, not "${spec}".`);
    const user: NewUser = { email: spec.slice(0, colon), token: spec.slice(colon + 1) };
    const problem = describeInvalidUser(user);
    if (problem) throw new UsageError(`--user ${spec}: ${problem}`);
    if (admins.has(normalizeEmail(user.email))) user.domainAdmin = true;
    return user;
  });
  for (const admin of admins) {
    if (!users.some((u) => normalizeEmail(u.email) === admin))
      throw new UsageError(`--admin ${admin} names no --user.`);
  }
  const allowedWebhookOrigins = (values['allow-webhook'] ?? []).map((origin) => {
    try {
      return normaliseOrigin(origin);
    } catch (error) {
      throw new UsageError(`--allow-webhook ${origin}: ${(error as Error).message}`);
    }
  });
  return { dataDir: resolve(values.data), port: Number(portText), users, allowedWebhookOrigins };
}

async function main(): Promise<void> {
  let options: CliOptions | null;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (!options) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  let service;
  try {
    service = await startEmbeddedService({
      dataDir: options.dataDir,
      port: options.port,
      users: options.users,
      webhooks: { allowedOrigins: options.allowedWebhookOrigins, httpsOnly: true },
      // As in the app: writes arriving together share a commit. A failed one leaves caches ahead
      // of the data, so the process ends (its writes were not acknowledged) for a fresh start.
      groupCommit: true,
      // Recurring-event expansion runs in a read worker: it never holds up other requests.
      readWorker: true,
      // Bundled, this script is the read worker's too (see the end of the file); from sources the
      // service bundles worker-entry.ts for it.
      ...(fromSources ? {} : { readWorkerScript: new URL(import.meta.url) }),
      onCommitFailure: () => process.exit(70),
    });
  } catch (error) {
    process.stderr.write(`cannot start the service: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`listening on ${service.url}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while stopping on ${signal}: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Started by the service as its read worker (a worker thread of this script, bundled).
if (!isMainThread && parentPort && isReadWorkerData(workerData)) runReadWorker(parentPort, workerData, defaultModules);
// Runs only when executed, so tests can import the parser.
else if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  void main();
