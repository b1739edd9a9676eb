import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The provider script: an ES module, so it runs in its own process (jest cannot load it). */
export const OIDC_PROVIDER_SCRIPT = join(__dirname, 'oidc-provider.mjs');

export type OidcProviderOptions = {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  authMethod?: 'client_secret_post' | 'client_secret_basic';
  /** ID tokens with `sub` only, the e-mail claims at userinfo (oidc-provider's default). */
  conform?: boolean;
};

export type OidcProviderHandle = {
  issuer: string;
  pid: number;
  /** What the provider wrote, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

/** A port free right now on 127.0.0.1 (for a server that must be named before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Starts oidc-provider 9 in a child process; resolves with the issuer it prints when ready. */
export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProviderHandle> {
  const args = [
    OIDC_PROVIDER_SCRIPT,
    '--port',
    String(options.port ?? 0),
    '--client-id',
    options.clientId,
    '--client-secret',
    options.clientSecret,
    '--auth-method',
    options.authMethod ?? 'client_secret_post',
    ...options.redirectUris.flatMap((uri) => ['--redirect-uri', uri]),
    ...(options.conform ? ['--conform'] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const issuer = await new Promise<string>((resolveIssuer, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => fail(new Error('the OpenID provider did not start in 15 s')),
      15_000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(new Error(`${error.message}\n${output}`));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the OpenID provider exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      output += chunk.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('http'));
      if (line) {
        clearTimeout(timer);
        resolveIssuer(line.trim());
      }
    });
  }).catch(async (error: unknown) => {
    await stopChild(child);
    throw error;
  });
  return {
    issuer,
    pid: child.pid ?? -1,
    output: () => output,
    stop: () => stopChild(child),
  };
}
