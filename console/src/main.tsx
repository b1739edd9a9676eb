// The entry stays small so that it runs at once: the start-up calls and chunks of the current
// route (app/early.ts) begin while the rest of the code (app/start.tsx) loads.
import { startEarlyLoads } from './app/early';

startEarlyLoads(window.location.pathname);
void import('./app/start');
