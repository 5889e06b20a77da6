/**
 * The state of one run: steps, time, tool calls, stdout, the trace, and the checks every part of
 * a run shares. Compiled code, helpers, methods and safe globals get it as an argument; it knows
 * nothing of how programs are compiled. Every node counts one step, and the step, time and size
 * limits are checked as steps are taken, so a program can never run unbounded.
 */
import { monotonicMs, nodePosition, utf8ByteLength, type Node, type ToolSpec } from "@lackpy/lang";
import { TIME_LIMIT_HINT, timeLimitMessage, type Limits } from "./limits.js";
import { ProgramFault, type RunErrorCode } from "./run-error.js";
import { ToolCallSignals, type ToolContextFields } from "./tools/tool-call-context.js";
import type { ToolFunction, TraceEntry } from "./tools/trace-entry.js";
import { Closure, Namespace, NativeCallable, isCallable } from "./values/values.js";
import type { SecretVault } from "./secrets/secret-vault.js";
import { BulkTiming, bulkWorkMs } from "./values/work-rate.js";
import type { RevealSecret } from "./tools/tool-argument.js";
import { PROGRESS_INTERVAL_MS, type ProgressListener } from "./run-progress.js";
import { SkippedTally } from "./tools/skipped-tally.js";

/** What a run context needs. */
export interface RunContextOptions {
  /** Tool names in the order the compiled program numbers them. */
  toolNames: readonly string[];
  tools: Readonly<Record<string, ToolFunction>>;
  toolSpecs?: readonly ToolSpec[];
  /** Parameter values (already plain data, or secret markers) in the order the compiled program numbers them. */
  params: readonly unknown[];
  /**
   * The secret params' values, which only the tool boundary reads; null when the tools take the
   * markers themselves (an isolated child, whose host holds the values).
   */
  vault?: SecretVault | null;
  limits: Limits;
  /** Clock in ms (injectable for tests). */
  now?: () => number;
  /** When the run's deadline clock started, on that clock (default: now). */
  startedAt?: number;
  /** Heap in use in bytes; isolated mode passes its own, so bulk operations stop before its heap limit. */
  heapUsedBytes?: () => number;
  /** Aborting it stops the run with `cancelled` at the next clock check or tool call. */
  signal?: AbortSignal;
  /** Fields each tool call's `this` carries besides its signal (`RunOptions.toolContext`). */
  toolContext?: ToolContextFields;
  /** Told how far the run has come, at clock checks and after tool calls, at most every `PROGRESS_INTERVAL_MS`. */
  onProgress?: ProgressListener;
}

/** Steps between two clock checks. */
const TIME_CHECK_INTERVAL = 256;
/** Steps between two turns given back to the host's event loop. */
const YIELD_INTERVAL = 20_000;
/** Items a native operation may touch between two clock checks (steps alone undercount bulk work). */
const WORK_CHECK_UNITS = 250_000;
/**
 * Work charged at once from which the operation's cost is checked against the time left first
 * (one native operation cannot be interrupted), and its time measured (see `work-rate.ts`).
 */
const BULK_WORK_UNITS = 250_000;
/** Bulk results estimated below this size are never refused for memory. */
const BULK_FREE_BYTES = 8 * 1024 * 1024;
/** Rough heap cost of one [key, value] pair: a two-element array and an index key string. */
const BYTES_PER_ENTRY_PAIR = 96;
/** Bytes of a bulk result that cost one work unit to make. */
const BYTES_PER_WORK_UNIT = 16;
/** Work units of one key when an object's keys are listed (`Object.entries`, `{...o}`). */
const OBJECT_ENTRY_UNITS = 64;
/** Steps between two heap checks when the run has a heap gauge (small allocations add up too). */
const HEAP_CHECK_INTERVAL = 4096;

/** True when a size check's `what` names a string (it costs bytes, not pointers). */
function isText(what: string): boolean {
  return what.includes("string");
}

const SPECS_BY_NAME = new WeakMap<readonly ToolSpec[], ReadonlyMap<string, ToolSpec>>();

const NO_SPECS: ReadonlyMap<string, ToolSpec> = new Map();

function specsByName(specs: readonly ToolSpec[] | undefined): ReadonlyMap<string, ToolSpec> {
  if (!specs) return NO_SPECS;
  let byName = SPECS_BY_NAME.get(specs);
  if (!byName) {
    byName = new Map(specs.map((spec) => [spec.name, spec]));
    SPECS_BY_NAME.set(specs, byName);
  }
  return byName;
}

/** The context of one run. Not reusable: create one per run. */
export class RunContext {
  steps = 0;
  toolCalls = 0;
  toolMs = 0;
  /** The node of the latest step: the position of errors that have no node of their own. */
  current: Node | null = null;
  readonly startedAt: number;
  readonly stdout: string[] = [];
  stdoutBytes = 0;
  stdoutTruncated = false;
  readonly trace: TraceEntry[] = [];
  readonly filesRead = new Set<string>();
  readonly filesModified = new Set<string>();
  /** What the run's tools said they left out (`RunResult.skipped`). */
  readonly skipped = new SkippedTally();
  /**
   * Characters of tool text (arguments and results, all calls together) the trace may still
   * keep whole: `maxOutputBytes` at the start (see `traceValue` in `call-tool.ts`).
   */
  traceTextLeft: number;
  /** Top-level names created by assignment, in the order they were first assigned. */
  readonly cellOrder: string[] = [];
  readonly limits: Limits;
  readonly params: readonly unknown[];
  /** Tool functions by the compiled program's tool numbers. */
  readonly tools: readonly ToolFunction[];
  readonly toolNames: readonly string[];
  readonly signal: AbortSignal | undefined;
  /** The secret params' values (see `RunContextOptions.vault`). */
  readonly vault: SecretVault | null;
  /** Reveals a secret marker passed to a tool; undefined when the marker itself goes to the tool. */
  readonly reveal: RevealSecret | undefined;
  /** The signals of this run's tool calls; the run calls `end()` once it has its result. */
  readonly toolSignals: ToolCallSignals;
  private nextCheckStep: number;
  /** True when the next checkpoint must read the clock (bulk work was charged before it was done). */
  private timeCheckDue = false;
  private nextYieldStep = YIELD_INTERVAL;
  private workSinceCheck = 0;
  /** The bulk operation being timed, when the clock is the real one. */
  private readonly bulk = new BulkTiming();
  private bytesSinceHeapCheck = 0;
  private nextHeapCheckStep = HEAP_CHECK_INTERVAL;
  private readonly specs: ReadonlyMap<string, ToolSpec>;
  private readonly heapUsedBytes: (() => number) | undefined;
  private readonly clock: (() => number) | null;
  private readonly specsByIndex: (ToolSpec | null | undefined)[] = [];
  private readonly onProgress: ProgressListener | undefined;
  private nextProgressAt: number;

  constructor(options: RunContextOptions) {
    this.limits = options.limits;
    this.traceTextLeft = options.limits.maxOutputBytes;
    this.clock = options.now ?? null;
    this.startedAt = options.startedAt ?? this.now();
    this.params = options.params;
    const vault = options.vault ?? null;
    this.vault = vault;
    this.reveal = vault ? (secret) => vault.reveal(secret) : undefined;
    this.toolNames = options.toolNames;
    this.tools = options.toolNames.map((name) => options.tools[name]);
    this.specs = specsByName(options.toolSpecs);
    this.heapUsedBytes = options.heapUsedBytes;
    this.signal = options.signal;
    this.toolSignals = new ToolCallSignals(options.signal, options.toolContext);
    this.nextCheckStep = Math.min(TIME_CHECK_INTERVAL, this.limits.maxSteps + 1);
    this.onProgress = options.onProgress;
    this.nextProgressAt = this.startedAt + PROGRESS_INTERVAL_MS;
  }

  /** Tells the listener how far the run has come, when one is set and the interval has passed. */
  reportProgress(now: number): void {
    if (!this.onProgress || now < this.nextProgressAt) return;
    this.nextProgressAt = now + PROGRESS_INTERVAL_MS;
    const progress = {
      steps: this.steps,
      toolCalls: this.toolCalls,
      filesRead: this.filesRead.size,
      elapsedMs: Math.round(now - this.startedAt),
    };
    try {
      this.onProgress(progress);
    } catch {
      // A listener that fails must not fail the run.
    }
  }

  /** The clock in ms: `monotonicMs()` unless the options gave another. */
  now(): number {
    return this.clock === null ? monotonicMs() : this.clock();
  }

  /** Counts a step at `node`; the step and time limits are checked every so often. */
  step(node: Node): void {
    this.current = node;
    if (++this.steps >= this.nextCheckStep) this.checkpoint(node);
  }

  private checkpoint(node: Node): void {
    if (this.steps > this.limits.maxSteps) {
      throw this.fault(
        "limit_steps",
        `The program took more than ${this.limits.maxSteps} steps.`,
        node,
        "loop over fewer items, or break out of the loop earlier",
      );
    }
    if (this.steps % TIME_CHECK_INTERVAL === 0 || this.timeCheckDue) this.checkTime(node);
    if (this.heapUsedBytes && this.steps >= this.nextHeapCheckStep) {
      this.nextHeapCheckStep = this.steps + HEAP_CHECK_INTERVAL;
      this.checkHeap(0, node);
    }
    const nextTimeCheck = this.steps - (this.steps % TIME_CHECK_INTERVAL) + TIME_CHECK_INTERVAL;
    this.nextCheckStep = Math.min(nextTimeCheck, this.limits.maxSteps + 1);
  }

  /** True when the host's event loop is owed a turn (every 20,000 steps; loops ask between items). */
  yieldDue(): boolean {
    return this.steps >= this.nextYieldStep;
  }

  /**
   * Lets the host's event loop run, so a long in-process run does not starve other work (an MCP
   * server's other requests) and an abort can be delivered. One setImmediate turn.
   */
  async yieldToHost(): Promise<void> {
    this.nextYieldStep = this.steps + YIELD_INTERVAL;
    await new Promise<void>((resolve) => {
      const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown })
        .setImmediate;
      if (immediate) immediate(resolve);
      else setTimeout(resolve, 0);
    });
    this.bulk.drop();
    this.checkTime();
  }

  /**
   * Enforces the run's deadline (`timeoutMs` of wall-clock time from its start, time in tools
   * included) and the abort signal; `now` is the clock's reading when the caller has one.
   */
  checkTime(node: Node | null = this.current, now = this.now()): void {
    this.timeCheckDue = false;
    this.reportProgress(now);
    if (this.signal?.aborted) throw this.fault("cancelled", "The run was cancelled.", node);
    this.bulk.close(now);
    if (now - this.startedAt > this.limits.timeoutMs)
      throw this.fault(
        "limit_time",
        timeLimitMessage(this.limits.timeoutMs),
        node,
        TIME_LIMIT_HINT,
      );
  }

  /** Milliseconds left before the run's deadline. */
  remainingMs(): number {
    return this.limits.timeoutMs - (this.now() - this.startedAt);
  }

  /**
   * Counts items a native operation is about to touch, and checks the clock once enough work has
   * piled up. Bulk work (one operation over many items, which nothing interrupts) is checked
   * against the time left first, and the clock is read again at the next step, once it is done.
   */
  chargeWork(units: number, node: Node | null = this.current): void {
    this.workSinceCheck += units;
    if (this.workSinceCheck >= WORK_CHECK_UNITS) {
      this.workSinceCheck = 0;
      this.checkTime(node);
      this.checkTimeSoon();
    }
    if (units >= BULK_WORK_UNITS) this.affordWork(units, node);
  }

  /** True once the run's deadline has passed at clock reading `now`. */
  pastDeadline(now: number): boolean {
    return now - this.startedAt > this.limits.timeoutMs;
  }

  /** Makes the next step read the clock (after work of unknown length: bulk work, a tool call). */
  checkTimeSoon(): void {
    this.timeCheckDue = true;
    this.nextCheckStep = Math.min(this.nextCheckStep, this.steps + 1);
  }

  /** Refuses, with `limit_time`, bulk work that would not end before the deadline. */
  private affordWork(units: number, node: Node | null): void {
    const now = this.now();
    const neededMs = bulkWorkMs(units);
    const leftMs = this.limits.timeoutMs - (now - this.startedAt);
    if (neededMs <= leftMs) {
      if (this.clock === null) this.bulk.start(units, now);
      this.checkTimeSoon();
      return;
    }
    this.bulk.drop();
    throw this.fault(
      "limit_time",
      `The run would take longer than ${this.limits.timeoutMs} ms, tools included: an operation over ${Math.round(units)} items needs about ${Math.ceil(neededMs)} ms, and ${Math.max(0, Math.floor(leftMs))} ms are left.`,
      node,
      "work on fewer items at a time",
    );
  }

  /**
   * Raises `limit_memory` before a native operation that would build `count` entries of about
   * `bytesPerEntry` bytes each when that would not fit the heap budget (`memoryMb`), and charges
   * the work of making them. One native call cannot be interrupted, and past the heap limit an
   * allocation aborts the whole process, so the estimate is checked first (against the actual
   * heap use in isolated mode).
   */
  checkBulk(
    count: number,
    bytesPerEntry: number,
    what: string,
    node: Node | null = this.current,
  ): void {
    // Making entries costs in proportion to their size (a 48-byte set entry three units, a list
    // item at least one); text is made at memory speed, a unit per 16 characters.
    const unitsPerEntry =
      bytesPerEntry <= 2 ? 1 / 16 : Math.max(1, bytesPerEntry / BYTES_PER_WORK_UNIT);
    this.chargeWork(count * unitsPerEntry, node);
    this.checkMemory(count, bytesPerEntry, what, node);
  }

  /** The memory half of `checkBulk`, for a result built in charged chunks (`inChunks`). */
  checkMemory(
    count: number,
    bytesPerEntry: number,
    what: string,
    node: Node | null = this.current,
  ): void {
    const bytes = count * bytesPerEntry;
    if (bytes < BULK_FREE_BYTES) {
      // Small results are free one by one, but a loop of them can fill the heap: check it
      // once they add up to a bulk result.
      this.bytesSinceHeapCheck += bytes;
      if (this.bytesSinceHeapCheck < BULK_FREE_BYTES) return;
      this.bytesSinceHeapCheck = 0;
      this.checkHeap(0, node);
      return;
    }
    this.checkHeap(
      bytes,
      node,
      `The program tried to make ${what} of ${count} entries (about ${Math.ceil(bytes / 1048576)} MiB)`,
    );
  }

  /**
   * Raises `limit_memory` when the heap in use plus twice `bytes` (the result plus the transient
   * copies and tables a native call makes) would not fit the budget `memoryMb`. Without a heap
   * gauge (the browser-safe entry) only the estimate counts.
   */
  private checkHeap(
    bytes: number,
    node: Node | null,
    what = "The program holds more data than fits its memory",
  ): void {
    const budgetBytes = this.limits.memoryMb * 1024 * 1024;
    const usedBytes = this.heapUsedBytes?.() ?? 0;
    if (usedBytes + 2 * bytes <= budgetBytes) return;
    throw this.fault(
      "limit_memory",
      `${what}; the memory limit is ${this.limits.memoryMb} MiB.`,
      node,
      "keep less data at once: work on smaller pieces, and do not keep what you no longer need",
    );
  }

  /** `checkBulk` for `Object.entries`-like results: one [key, value] pair per own key, index or entry. */
  checkEntries(value: unknown, node: Node | null = this.current): void {
    const isObject =
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      !(value instanceof Map) &&
      !(value instanceof Set);
    const count =
      typeof value === "string" || Array.isArray(value)
        ? value.length
        : value instanceof Map || value instanceof Set
          ? value.size
          : isObject
            ? Object.keys(value).length
            : 0;
    // Listing an object's keys is slow in the engine (about 2 µs a key once there are many).
    if (isObject) this.chargeWork(count * OBJECT_ENTRY_UNITS, node);
    this.checkBulk(count, BYTES_PER_ENTRY_PAIR, "a list of entries", node);
  }

  /** Raises `limit_size` when a string or array would exceed the size limit, and charges making it. */
  checkSize(length: number, what: string, node: Node | null = this.current): void {
    this.checkLength(length, what, node);
    // A string is made at memory speed (a unit per 16 characters); a list's items one by one.
    this.chargeWork(isText(what) ? length / 16 : length, node);
  }

  /** `checkSize` for a result built in charged chunks (`inChunks`): the size and memory checks only. */
  checkLength(length: number, what: string, node: Node | null = this.current): void {
    if (length > this.limits.maxSize) {
      throw this.fault(
        "limit_size",
        `The program tried to make ${what} of ${Math.round(length)} items; the limit is ${this.limits.maxSize}.`,
        node,
        "work on smaller pieces of data",
      );
    }
    // Strings take one or two bytes a unit, arrays a pointer: the heap must have room for it too.
    this.checkMemory(length, isText(what) ? 2 : 8, what, node);
  }

  /** A fault at a node's position. */
  fault(
    code: RunErrorCode,
    message: string,
    node: Node | null = this.current,
    hint?: string,
    extra: Record<string, unknown> = {},
  ): ProgramFault {
    const position = nodePosition(node);
    return new ProgramFault(code, message, {
      ...position,
      ...(hint ? { hint } : {}),
      ...extra,
    });
  }

  /** The ToolSpec of a tool, when the caller gave one. */
  toolSpec(name: string): ToolSpec | undefined {
    return this.specs.get(name);
  }

  /** The ToolSpec of tool number `index`, when the caller gave one. */
  toolSpecAt(index: number): ToolSpec | undefined {
    let spec = this.specsByIndex[index];
    if (spec === undefined) {
      spec = this.specs.get(this.toolNames[index]) ?? null;
      this.specsByIndex[index] = spec;
    }
    return spec ?? undefined;
  }

  /** Calls a closure, native callable or callable facade (`Number`) with arguments (callbacks of helpers and methods); may return a promise. */
  callFunction(callee: unknown, args: unknown[], node: Node): unknown {
    if (callee instanceof Closure) return callee.code(this, callee.env, args, node);
    if (callee instanceof NativeCallable) return callee.call(this, args, node);
    if (callee instanceof Namespace && callee.callable)
      return callee.callable.call(this, args, node);
    throw this.fault(
      "not_a_function",
      `A ${callee === null ? "null" : typeof callee} value is not a function.`,
      node,
      "pass an arrow function such as x => x.name",
    );
  }

  /** Asserts a value is callable, for helpers that take a key or predicate function. */
  requireCallable(
    value: unknown,
    what: string,
    node: Node,
  ): asserts value is Closure | NativeCallable | Namespace {
    if (!isCallable(value))
      throw this.fault("not_a_function", `${what} must be a function such as x => x.size.`, node);
  }

  /** Appends one line to stdout, within the output cap. */
  print(line: string): void {
    if (this.stdoutTruncated) return;
    const bytes = utf8ByteLength(line) + 1;
    if (this.stdoutBytes + bytes > this.limits.maxOutputBytes) {
      this.stdoutTruncated = true;
      this.stdout.push("…[stdout truncated]");
      return;
    }
    this.stdoutBytes += bytes;
    this.stdout.push(line);
  }
}
