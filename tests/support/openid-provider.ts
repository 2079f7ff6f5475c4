// A real OpenID provider for the tests (the oidc-provider package) on a loopback port, with its
// development sign-in and consent pages, and a browser's part driven over HTTP. `tamper` rewrites
// the ID token the token endpoint answers (an attacker's or a broken provider's token).
import http from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { portOf } from './listening.ts';

export interface Account {
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  group?: string;
  relation?: string;
}

export interface TestProvider {
  issuer: string;
  port: number;
  /** The private signing key (to forge tokens signed as the provider). */
  key: JWK;
  tamper: ((idToken: string) => Promise<string>) | undefined;
  close(): Promise<void>;
}

export const CLIENT_ID = 'runtime';
export const CLIENT_SECRET = 'a-client-secret-for-the-tests';

export async function signingKey(kid: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
}

/** `port`: 0 for a free one, or the port of a provider started before (a restart with a new key). */
export async function startProvider(opts: {
  port?: number;
  key: JWK;
  redirectUris: string[];
  accounts: Record<string, Account>;
}): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = portOf(server);
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [opts.key] },
    cookies: { keys: ['cookie-key-of-the-tests'] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'given_name', 'family_name', 'group', 'relation'],
    },
    conformIdTokenClaims: false,
    findAccount: async (_ctx, id) => {
      const account = opts.accounts[id];
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  const test: TestProvider = {
    issuer,
    port,
    key: opts.key,
    tamper: undefined,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  provider.use(async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (ctx.path === '/token' && test.tamper && body && typeof body === 'object' && 'id_token' in body) {
      const idToken = body.id_token;
      if (typeof idToken === 'string') ctx.body = { ...body, id_token: await test.tamper(idToken) };
    }
  });
  server.on('request', provider.callback());
  return test;
}

/**
 * A browser at the provider: follows the authorization address through the development sign-in
 * (as `account`) and consent pages, and answers the address the provider sends back to.
 */
export async function authorize(authorizationUrl: string, account: string, callbackPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(callbackPrefix)) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const page = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!prompt) throw new Error(`the provider answered ${res.status} without a form: ${page.slice(0, 300)}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: account, password: 'any' } : { prompt });
    const sent = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    keep(sent);
    const next = sent.headers.get('location');
    if (!next) throw new Error(`the provider's ${prompt} form answered ${sent.status}`);
    url = new URL(next, url).toString();
  }
  throw new Error('the provider never sent the browser back');
}
