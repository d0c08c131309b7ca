import { ApiError } from '../http/api-error';

/**
 * Where watch notifications may be delivered, as the service's options give it: any `https`
 * address plus the listed origins (the default, as at Google, which delivers over HTTPS only),
 * or, with `httpsOnly: false`, any http(s) address.
 */
export interface WebhookPolicyOptions {
  /** Origins (`scheme://host[:port]`) delivered to whatever their scheme, e.g. a local receiver. */
  allowedOrigins?: string[];
  /** Whether addresses outside `allowedOrigins` must be https (true by default). */
  httpsOnly?: boolean;
}

/**
 * The policy in force, plain data so it can be handed across a thread boundary. `origins` are
 * normalised as a URL parser does (`http://2130706433:80` is `http://127.0.0.1`), so an alias of
 * an origin is the same origin and nothing else is.
 */
export interface WebhookPolicy {
  readonly origins: readonly string[];
  /** Addresses outside `origins`: any https one, any http(s) one, or none at all. */
  readonly others: 'https' | 'any' | 'none';
}

/** Control characters and the Unicode line separators: never part of an address or a token. */
const controlCharacters = /[\p{Cc}\u2028\u2029]/u;

/**
 * `scheme://host[:port]` as the URL parser normalises it (lower case, default port dropped, numeric
 * and hexadecimal IPv4 forms made dotted); throws an Error naming what is wrong.
 */
export function normaliseOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`not an http(s) origin: ${text}`);
  if (url.username !== '' || url.password !== '') throw new Error(`an origin has no user name or password: ${text}`);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    throw new Error(`an origin is scheme://host[:port] with no path: ${text}`);
  return url.origin;
}

export function webhookPolicy(options: WebhookPolicyOptions = {}): WebhookPolicy {
  return {
    origins: [...new Set((options.allowedOrigins ?? []).map(normaliseOrigin))],
    others: options.httpsOnly === false ? 'any' : 'https',
  };
}

/** Exactly these origins and nothing else (the desktop app's service, which only its relay hears). */
export function exactWebhookPolicy(origins: readonly string[]): WebhookPolicy {
  return { origins: [...new Set(origins.map(normaliseOrigin))], others: 'none' };
}

const invalidAddress = (message: string): ApiError =>
  new ApiError(400, 'invalid', message, { location: 'address', locationType: 'parameter' });

/** Parses a webhook address; null unless it is an absolute http(s) URL without userinfo or control characters. */
function parseAddress(address: string): URL | null {
  if (controlCharacters.test(address)) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url;
}

function allows(policy: WebhookPolicy, url: URL): boolean {
  if (policy.origins.includes(url.origin)) return true;
  if (policy.others === 'any') return true;
  return policy.others === 'https' && url.protocol === 'https:';
}

/**
 * The address to deliver to, normalised (the form that was checked is the form that is fetched);
 * a 400 in Google's words when the address is malformed or the policy refuses it.
 */
export function admitAddress(policy: WebhookPolicy, address: unknown): string {
  if (typeof address !== 'string' || address === '') throw invalidAddress('Channel address is required.');
  if (controlCharacters.test(address)) throw invalidAddress('Channel address must not contain control characters.');
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw invalidAddress(`Channel address must be an http or https URL: ${address}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidAddress(`Channel address must be an http or https URL: ${address}`);
  if (url.username !== '' || url.password !== '')
    throw invalidAddress('Channel address must not contain a user name or password.');
  if (!allows(policy, url)) {
    if (policy.others === 'https' && url.protocol === 'http:')
      throw new ApiError(400, 'push.webhookUrlNotHttps', `WebHook callback must be HTTPS: ${address}`);
    throw new ApiError(400, 'push.webhookUrlUnauthorized', `Unauthorized WebHook callback channel: ${address}`);
  }
  return url.href;
}

/** Whether a stored address may still be delivered to (the policy may have changed since it was stored). */
export function permitsAddress(policy: WebhookPolicy, address: string): boolean {
  const url = parseAddress(address);
  return url !== null && allows(policy, url);
}

const maxTokenCharacters = 256;

/** A channel token: at most 256 characters (Google's limit), none of them control characters. */
export function checkChannelToken(token: unknown): string | null {
  if (token === undefined || token === null) return null;
  const invalid = (message: string): ApiError =>
    new ApiError(400, 'invalid', message, { location: 'token', locationType: 'parameter' });
  if (typeof token !== 'string') throw invalid('Channel token must be a string.');
  if ([...token].length > maxTokenCharacters)
    throw invalid(`Channel token must be at most ${maxTokenCharacters} characters.`);
  // Lone surrogates cannot be sent as UTF-8.
  if (controlCharacters.test(token) || /\p{Cs}/u.test(token))
    throw invalid('Channel token must not contain control characters.');
  return token;
}
