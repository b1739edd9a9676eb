// The worker process for the crash test: main() from source (see ts-register.js).
import { main } from '../main';

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
