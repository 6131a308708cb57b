/**
 * A token bucket: `burst` tokens at most, refilled at `perSecond` tokens a second (performance.now()
 * clock). One per budget a socket keeps: its frames, their bytes, its refusals, its history requests.
 */
export class TokenBucket {
  private tokens: number;
  private at = performance.now();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {
    this.tokens = burst;
  }

  /** Takes `n` tokens (default 1); false (and nothing taken) when fewer are left. */
  take(n = 1): boolean {
    this.refill();
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }

  /** Milliseconds until `n` tokens (at most `burst`) are there again; 0 when they are now. */
  waitMs(n = 1): number {
    this.refill();
    const missing = Math.min(n, this.burst) - this.tokens;
    return missing <= 0 ? 0 : Math.ceil((missing / this.perSecond) * 1000);
  }

  private refill(): void {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }
}
