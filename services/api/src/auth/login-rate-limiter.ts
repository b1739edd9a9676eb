import { Injectable } from '@nestjs/common';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed logins per e-mail and per client address in a sliding 15-minute window; past
 * the limit every attempt is refused (429) until old failures leave the window.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();
  readonly maxPerEmail = Number(process.env.RELOC_LOGIN_MAX_FAILURES_PER_EMAIL) || 10;
  readonly maxPerAddress = Number(process.env.RELOC_LOGIN_MAX_FAILURES_PER_ADDRESS) || 50;

  isBlocked(email: string, address: string, now = Date.now()): boolean {
    return (
      this.recent(`mail:${email}`, now) >= this.maxPerEmail ||
      this.recent(`addr:${address}`, now) >= this.maxPerAddress
    );
  }

  recordFailure(email: string, address: string, now = Date.now()): void {
    for (const key of [`mail:${email}`, `addr:${address}`]) {
      const list = this.failures.get(key) ?? [];
      list.push(now);
      this.failures.set(key, list);
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`mail:${email}`);
  }

  private recent(key: string, now: number): number {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list.length;
  }
}
