// The parts of oidc-provider (which ships no types) that the tests' OpenID provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Context {
    path: string;
    body: unknown;
  }
  interface FoundAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: object[] };
    cookies: { keys: string[] };
    pkce: { required: () => boolean };
    claims: Record<string, string[]>;
    conformIdTokenClaims: boolean;
    findAccount(ctx: unknown, id: string): Promise<FoundAccount | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
