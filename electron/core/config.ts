import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Settings a person or a packager may change without touching code: the OAuth client and Google's
 * endpoints (a test points them at a local authorization server), the public relay address for
 * push notifications, and how often to poll. Read from `<userData>/config.json` (or the file named
 * by ATRIUM_CONFIG), then environment variables, validated by zod.
 */

export const googleScopes = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/tasks',
  'https://www.googleapis.com/auth/drive',
] as const;

const httpUrl = z.url({ protocol: /^https?$/ });

export const googleConfigSchema = z.object({
  /** The desktop OAuth client id; sign-in is off until one is set. */
  clientId: z.string().min(1).optional(),
  /** Google issues desktop clients a "secret" that is not secret (RFC 8252 §8.5); sent when set. */
  clientSecret: z.string().min(1).optional(),
  /** The issuer its ID tokens name (`iss`), checked when a code or a refresh token is exchanged. */
  issuer: httpUrl.default('https://accounts.google.com'),
  authorizationEndpoint: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  tokenEndpoint: httpUrl.default('https://oauth2.googleapis.com/token'),
  revocationEndpoint: httpUrl.default('https://oauth2.googleapis.com/revoke'),
  userinfoEndpoint: httpUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** Root the registry's paths (`/calendar/v3/...`) are appended to. */
  apiBaseUrl: httpUrl.default('https://www.googleapis.com'),
  scopes: z
    .array(z.string().min(1))
    .min(1)
    .default([...googleScopes]),
});
export type GoogleConfig = z.output<typeof googleConfigSchema>;

export const relayConfigSchema = z.object({
  /**
   * A public HTTPS address that forwards to this computer's relay listener (a tunnel or reverse
   * proxy). Google delivers notifications only to public HTTPS addresses; without one, Google
   * accounts are polled.
   */
  publicUrl: z.url({ protocol: /^https$/ }).optional(),
  /** Port of the relay listener on 127.0.0.1; 0 picks one (fine unless a tunnel must find it). */
  port: z.number().int().min(0).max(65535).default(0),
});

export const syncConfigSchema = z.object({
  /** Poll interval for a Google account without push, while an Atrium window has focus. */
  focusedPollMs: z.number().int().min(1).default(30_000),
  /** The same while no window has focus. */
  unfocusedPollMs: z.number().int().min(1).default(300_000),
  /** Tasks has no push at all and is always polled (updatedMin); these are its two intervals. */
  tasksFocusedPollMs: z.number().int().min(1).default(30_000),
  tasksUnfocusedPollMs: z.number().int().min(1).default(300_000),
  /** Wait before asking again for a watch channel the service refused. */
  watchRetryMs: z.number().int().min(1).default(60_000),
});

/** Local-first Google accounts (docs/offline.md). */
export const offlineConfigSchema = z.object({
  /**
   * Single (non-recurring) events kept in a Google account's mirror: from this many days before
   * today to this many after. Recurring series and their exceptions are always kept; views of
   * ranges outside the window read from the network (or, offline, say their answer is partial).
   */
  eventWindowPastDays: z.number().int().min(1).max(36_500).default(365),
  eventWindowFutureDays: z.number().int().min(1).max(36_500).default(730),
});

export const appConfigSchema = z.object({
  google: googleConfigSchema.default(googleConfigSchema.parse({})),
  relay: relayConfigSchema.default(relayConfigSchema.parse({})),
  sync: syncConfigSchema.default(syncConfigSchema.parse({})),
  offline: offlineConfigSchema.default(offlineConfigSchema.parse({})),
});
export type AppConfig = z.output<typeof appConfigSchema>;
export type AppConfigInput = z.input<typeof appConfigSchema>;

export const defaultAppConfig = (): AppConfig => appConfigSchema.parse({});

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** Validates configuration given as data (from a file, a test, or the CLI). */
export function parseAppConfig(input: unknown, source = 'configuration'): AppConfig {
  const parsed = appConfigSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(`Invalid ${source}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

const envOverrides: readonly [string, (config: Record<string, Record<string, unknown>>, value: string) => void][] = [
  ['ATRIUM_GOOGLE_CLIENT_ID', (c, v) => void ((c.google ??= {}).clientId = v)],
  ['ATRIUM_GOOGLE_CLIENT_SECRET', (c, v) => void ((c.google ??= {}).clientSecret = v)],
  ['ATRIUM_GOOGLE_API_BASE_URL', (c, v) => void ((c.google ??= {}).apiBaseUrl = v)],
  ['ATRIUM_RELAY_PUBLIC_URL', (c, v) => void ((c.relay ??= {}).publicUrl = v)],
];

/**
 * The configuration in force: the file (missing is fine, malformed is an error naming the file),
 * then environment variables on top.
 */
export async function loadAppConfig(userDataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<AppConfig> {
  const file = env.ATRIUM_CONFIG || join(userDataDir, 'config.json');
  let raw: Record<string, Record<string, unknown>> = {};
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new ConfigError(`Cannot read ${file}: ${error.message}`);
  });
  if (text !== undefined) {
    try {
      raw = JSON.parse(text) as Record<string, Record<string, unknown>>;
    } catch (error) {
      throw new ConfigError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new ConfigError(`${file} must hold a JSON object`);
  }
  for (const [name, apply] of envOverrides) {
    const value = env[name];
    if (value) apply(raw, value);
  }
  return parseAppConfig(raw, text === undefined ? 'configuration' : file);
}
