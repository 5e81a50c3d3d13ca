import type { App } from '../../src/app.ts';

/** Cookies by name, as a browser keeps them for one site. */
class CookieJar {
  readonly cookies = new Map<string, string>();
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const setCookiesOf = (header: string | string[] | undefined) =>
  header === undefined ? [] : Array.isArray(header) ? header : [header];

/**
 * What a browser does in a provider sign-in, over HTTP: the portal answered in process
 * (`app.inject`), the provider over real HTTP, each with its own cookies. Each step is separate so
 * a test can tamper with what passes between them.
 */
export function createBrowserAgent(app: App) {
  const portal = new CookieJar();
  const provider = new CookieJar();
  portal.cookies.set('XSRF-TOKEN', 'agent-xsrf');

  async function portalGet(url: string) {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: portal.header() } });
    portal.take(setCookiesOf(response.headers['set-cookie']));
    return response;
  }

  return {
    portal,
    /** Opens the portal's sign-in: the provider's authorization URL it redirects to. */
    async start(returnUrl = '/gateway'): Promise<string> {
      const response = await portalGet(
        `/api/auth/oidc/login?returnUrl=${encodeURIComponent(returnUrl)}`,
      );
      if (response.statusCode !== 302) throw new Error(`login: ${response.statusCode}`);
      return String(response.headers.location);
    },

    /** Follows the provider's redirects until it sends the browser back to the portal. */
    async authorize(authorizationUrl: string, portalPrefix: string): Promise<URL> {
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (url.startsWith(portalPrefix)) return new URL(url);
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: provider.header() },
        });
        provider.take(response.headers.getSetCookie());
        const location = response.headers.get('location');
        if (!location) throw new Error(`provider ${response.status}: ${await response.text()}`);
        url = new URL(location, url).href;
      }
      throw new Error('too many redirects at the provider');
    },

    /** Delivers the provider's answer to the portal's callback: the login page it redirects to. */
    async callback(callbackUrl: URL): Promise<URL> {
      const response = await portalGet(`${callbackUrl.pathname}${callbackUrl.search}`);
      if (response.statusCode !== 302) throw new Error(`callback: ${response.statusCode}`);
      return new URL(String(response.headers.location));
    },

    /** The login page's hand-off: the signed-in user, as after a local login. */
    async handOff() {
      return app.inject({
        method: 'POST',
        url: '/api/auth/oidc/session',
        headers: {
          cookie: portal.header(),
          'x-xsrf-token': 'agent-xsrf',
          'content-type': 'application/json',
        },
        payload: '{}',
      });
    },
  };
}
