import { getHeapStatistics } from "node:v8";

/**
 * The share of the host's heap limit an in-process run may fill. Past it V8 spends seconds in
 * ever longer collections and then aborts the whole process (`FATAL ERROR: Reached heap limit`),
 * so the run stops with `limit_memory` before, and the host lives on.
 */
export const HOST_HEAP_SHARE = 0.7;

/**
 * A heap gauge for an in-process run with the memory limit `memoryMb`: it reports the host's heap
 * in use shifted so that the run's memory checks (heap in use plus what an operation would make,
 * against `memoryMb`) stop the run once the host's heap would pass `HOST_HEAP_SHARE` of its
 * limit. Garbage not yet collected counts as used; a heap that full is collected often anyway.
 */
export function hostHeapGauge(memoryMb: number): () => number {
  const budgetBytes = memoryMb * 1024 * 1024;
  // The heap limit is the process's, fixed at its start: read once.
  ceilingBytes ??= HOST_HEAP_SHARE * getHeapStatistics().heap_size_limit;
  const ceiling = ceilingBytes;
  return () => Math.max(0, budgetBytes - (ceiling - getHeapStatistics().used_heap_size));
}

let ceilingBytes: number | undefined;
