/**
 * What an unauthenticated answer may say of a server-side failure: its code (ENOTDIR,
 * ECONNREFUSED, a PostgreSQL SQLSTATE…), never its message, which can carry paths, host names
 * or a connection string. The full message goes to the server's log.
 */
export function publicErrorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const shown = typeof code === 'string' && /^[A-Z0-9_]{2,32}$/.test(code) ? `${code} ` : '';
  return `${shown}(détails dans le journal du serveur)`;
}
