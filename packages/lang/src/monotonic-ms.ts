/**
 * Milliseconds on a monotonic clock, from an arbitrary origin: for measuring spans only. Node's
 * `performance.now()` loads `perf_hooks` and its dependencies on first use (milliseconds of a
 * one-shot command's start, in the bin and again in its isolated child, decision 157);
 * `process.hrtime.bigint()` is there from the start. Elsewhere (a browser) it is
 * `performance.now()`.
 */
export function monotonicMs(): number {
  return typeof process === "object" && typeof process.hrtime?.bigint === "function"
    ? Number(process.hrtime.bigint()) / 1e6
    : performance.now();
}
