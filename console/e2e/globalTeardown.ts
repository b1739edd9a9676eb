import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  await globalThis.relocE2eServer?.stop();
  const file = process.env.RELOC_E2E_ENV_FILE;
  if (file) rmSync(file, { force: true });
}
