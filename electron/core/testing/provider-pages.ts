/**
 * Walks oidc-provider's development login and consent pages with plain HTTP, as a person in a
 * browser would: open the authorization address, sign in, press Continue, and follow the redirect
 * back to the app's loopback address. Answers the text of the page the loopback listener shows.
 */
export interface ProviderPageWalk {
  /** The final page (the app's loopback answer). */
  readonly finalText: string;
  readonly finalStatus: number;
  /** Every address visited, in order. */
  readonly visited: string[];
}

class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function formAction(html: string, base: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`No form on the page: ${html.slice(0, 500)}`);
  return new URL(action.replace(/&amp;/g, '&'), base).toString();
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)) {
    if (match[1]) fields[match[1]] = match[2] ?? '';
  }
  return fields;
}

export async function walkProviderPages(
  authorizationUrl: string,
  login: string,
  options: { consent?: boolean } = {},
): Promise<ProviderPageWalk> {
  const jar = new CookieJar();
  const visited: string[] = [];
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    visited.push(url);
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).toString();
      method = 'GET';
      body = undefined;
      await response.arrayBuffer();
      continue;
    }
    const text = await response.text();
    if (/name="prompt" value="login"/.test(text)) {
      url = formAction(text, url);
      method = 'POST';
      body = new URLSearchParams({ ...hiddenFields(text), login, password: 'any password' });
      continue;
    }
    if (/name="prompt" value="consent"/.test(text)) {
      if (options.consent === false) {
        // The dev pages offer "Cancel" as a link to the abort address.
        const abort = /href="([^"]+\/abort)"/.exec(text)?.[1];
        if (!abort) throw new Error('No way to decline on the consent page');
        url = new URL(abort.replace(/&amp;/g, '&'), url).toString();
        method = 'GET';
        body = undefined;
        continue;
      }
      url = formAction(text, url);
      method = 'POST';
      body = new URLSearchParams(hiddenFields(text));
      continue;
    }
    return { finalText: text, finalStatus: response.status, visited };
  }
  throw new Error(`Too many steps; visited ${visited.join(' → ')}`);
}

/** Signs `login` in through the core's IPC and the provider's pages; answers the new account's id. */
export async function signInThroughPages(
  ipc: {
    client: {
      invoke(
        method: 'accounts.signIn',
        input: Record<string, never>,
      ): Promise<{ flow: string; authorizationUrl: string }>;
    };
    waitForEvent(match: (event: { type: string; flow?: string }) => boolean): Promise<unknown>;
  },
  login: string,
): Promise<string> {
  const started = await ipc.client.invoke('accounts.signIn', {});
  await walkProviderPages(started.authorizationUrl, login);
  const event = (await ipc.waitForEvent((e) => e.type === 'signIn' && e.flow === started.flow)) as {
    outcome?: string;
    account?: string;
    message?: string;
  };
  if (event.outcome !== 'signedIn' || !event.account)
    throw new Error(`sign-in failed: ${event.message ?? 'no account'}`);
  return event.account;
}
