/**
 * The interpreter: state of one run (steps, time, tool calls, stdout, trace) and the machinery
 * the node evaluators share. Evaluation is async because tools may be; every node counts one
 * step, and the limits are checked as steps are taken, so a program can never run unbounded.
 */
import { utf8ByteLength, type Node, type ToolSpec } from "@lackpy/lang";
import { EVALUATORS } from "./evaluators.js";
import type { Limits } from "./limits.js";
import { ProgramFault, type RunErrorCode } from "./run-error.js";
import { Scope } from "./scope.js";
import { summarise } from "./serialize.js";
import { Closure, NativeCallable, isCallable } from "./values.js";
import { describeError, isProgramFault } from "./describe-error.js";
import { toParamData, toPlainData } from "./plain-data.js";
import { toToolArgument, type RevealSecret } from "./tool-argument.js";
import { SecretValue } from "./secret-value.js";
import type { SecretVault } from "./secret-vault.js";
import { bindPattern } from "./patterns.js";
import { createSafeGlobals } from "./globals.js";
import { ToolCallSignals } from "./tool-call-context.js";

/**
 * A tool function as the caller provides it. It is called with a `ToolCallContext` as `this`
 * (`fn.call({ signal }, ...args)`): a `function` may read `this.signal`, an arrow function ignores it.
 */
export type ToolFunction = (...args: any[]) => unknown;

/** One kit-tool call, as recorded in the trace. */
export interface TraceEntry {
  step: number;
  tool: string;
  args: unknown[];
  result: unknown;
  durationMs: number;
  success: boolean;
  error: string | null;
}

/** What an interpreter needs for one run. */
export interface InterpreterOptions {
  tools: Readonly<Record<string, ToolFunction>>;
  toolSpecs?: readonly ToolSpec[];
  params: Readonly<Record<string, unknown>>;
  /**
   * Secret params: bound as opaque markers, never as values (their entries in `params` are not
   * read). The vault reveals a marker passed to a tool; without one (an isolated child) the
   * marker itself goes to the tool function, which sends it to the host.
   */
  secrets?: { names: readonly string[]; vault: SecretVault | null };
  limits: Limits;
  /** Clock in ms (injectable for tests). */
  now?: () => number;
  /** Heap in use in bytes; isolated mode passes the worker's, so bulk operations stop before its heap limit. */
  heapUsedBytes?: () => number;
  /** Aborting it stops the run with `cancelled` at the next clock check or tool call. */
  signal?: AbortSignal;
}

const TIME_CHECK_INTERVAL = 256;
/** Steps between two turns given back to the host's event loop. */
const YIELD_INTERVAL = 20_000;
/** Items a native operation may touch between two clock checks (steps alone undercount bulk work). */
const WORK_CHECK_UNITS = 1_000_000;
/** Bulk results estimated below this size are never refused for memory. */
const BULK_FREE_BYTES = 8 * 1024 * 1024;
/** Rough heap cost of one [key, value] pair: a two-element array and an index key string. */
const BYTES_PER_ENTRY_PAIR = 96;

/** Runs one validated program. Not reusable: create one per run. */
export class Interpreter {
  steps = 0;
  toolCalls = 0;
  toolMs = 0;
  readonly startedAt: number;
  readonly stdout: string[] = [];
  stdoutBytes = 0;
  stdoutTruncated = false;
  readonly trace: TraceEntry[] = [];
  readonly filesRead = new Set<string>();
  readonly filesModified = new Set<string>();
  readonly paramScope: Scope;
  readonly programScope: Scope;
  readonly limits: Limits;
  /** The signals of this run's tool calls; the run calls `end()` once it has its result. */
  readonly toolSignals: ToolCallSignals;
  current: Node | null = null;
  private lastYieldStep = 0;
  private globalsCache: ReadonlyMap<string, unknown> | null = null;
  private readonly now: () => number;
  private readonly specs: Map<string, ToolSpec>;
  private workSinceCheck = 0;
  private readonly reveal: RevealSecret | undefined;

  constructor(readonly options: InterpreterOptions) {
    this.limits = options.limits;
    this.toolSignals = new ToolCallSignals(options.signal);
    this.now = options.now ?? (() => performance.now());
    this.startedAt = this.now();
    this.specs = new Map((options.toolSpecs ?? []).map((spec) => [spec.name, spec]));
    this.paramScope = new Scope(null);
    const secrets = new Set(options.secrets?.names ?? []);
    for (const [name, value] of Object.entries(options.params))
      if (!secrets.has(name)) this.paramScope.declare(name, toParamData(value, name), true);
    for (const name of secrets) this.paramScope.declare(name, new SecretValue(name), true);
    const vault = options.secrets?.vault;
    this.reveal = vault ? (secret) => vault.reveal(secret) : undefined;
    this.programScope = new Scope(this.paramScope);
  }

  /** The safe global facades, bound to this run (their callbacks and size checks use it). */
  get globals(): ReadonlyMap<string, unknown> {
    this.globalsCache ??= createSafeGlobals(this);
    return this.globalsCache;
  }

  /** Evaluates a node: one step, then its evaluator. */
  evaluate(node: Node, scope: Scope): Promise<unknown> | unknown {
    this.step(node);
    // Own keys only: a node type such as "constructor" must not find Object.prototype members.
    const evaluator = Object.hasOwn(EVALUATORS, node.type) ? EVALUATORS[node.type] : undefined;
    if (!evaluator)
      throw this.fault("runtime_error", `The syntax '${node.type}' cannot be run.`, node);
    return evaluator(this, node, scope);
  }

  /** Counts a step and enforces the step and time limits. */
  step(node: Node): void {
    this.current = node;
    this.steps++;
    if (this.steps > this.limits.maxSteps) {
      throw this.fault(
        "limit_steps",
        `The program took more than ${this.limits.maxSteps} steps.`,
        node,
        "loop over fewer items, or break out of the loop earlier",
      );
    }
    if (this.steps % TIME_CHECK_INTERVAL === 0) this.checkTime(node);
  }

  /**
   * Lets the host's event loop run every so many steps, so a long in-process run does not starve
   * other work (an MCP server's other requests) and an abort can be delivered. Cheap: one
   * setImmediate turn per YIELD_INTERVAL steps.
   */
  async yieldToHost(): Promise<void> {
    if (this.steps - this.lastYieldStep < YIELD_INTERVAL) return;
    this.lastYieldStep = this.steps;
    await new Promise<void>((resolve) => {
      const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown })
        .setImmediate;
      if (immediate) immediate(resolve);
      else setTimeout(resolve, 0);
    });
    this.checkTime();
  }

  /** Enforces the wall-time limit on the program's own evaluation (time in tools excluded). */
  checkTime(node: Node | null = this.current): void {
    if (this.options.signal?.aborted) throw this.fault("cancelled", "The run was cancelled.", node);
    const evaluationMs = this.now() - this.startedAt - this.toolMs;
    if (evaluationMs > this.limits.timeoutMs) {
      throw this.fault(
        "limit_time",
        `The program ran for more than ${this.limits.timeoutMs} ms.`,
        node,
        "do less work per run: fewer items, simpler loops",
      );
    }
  }

  /** Milliseconds of evaluation time left before `limit_time`. */
  remainingMs(): number {
    return this.limits.timeoutMs - (this.now() - this.startedAt - this.toolMs);
  }

  /** Counts items a native operation touches, and checks the clock once enough work has piled up. */
  chargeWork(units: number, node: Node | null = this.current): void {
    this.workSinceCheck += units;
    if (this.workSinceCheck < WORK_CHECK_UNITS) return;
    this.workSinceCheck = 0;
    this.checkTime(node);
  }

  /**
   * Raises `limit_memory` before a native operation that would build `count` entries of about
   * `bytesPerEntry` bytes each when that would not fit the heap budget (`memoryMb`). One native
   * call cannot be interrupted, and in a worker an allocation past the heap limit aborts the
   * whole process, so the estimate is checked first (against the worker's actual heap use in
   * isolated mode).
   */
  checkBulk(
    count: number,
    bytesPerEntry: number,
    what: string,
    node: Node | null = this.current,
  ): void {
    this.chargeWork(count, node);
    const bytes = count * bytesPerEntry;
    if (bytes < BULK_FREE_BYTES) return;
    const budgetBytes = this.limits.memoryMb * 1024 * 1024;
    const usedBytes = this.options.heapUsedBytes?.() ?? 0;
    // Twice the estimate: the result plus the transient copies and tables a native call makes.
    if (usedBytes + 2 * bytes > budgetBytes) {
      throw this.fault(
        "limit_memory",
        `The program tried to make ${what} of ${count} entries (about ${Math.ceil(bytes / 1048576)} MiB); the memory limit is ${this.limits.memoryMb} MiB.`,
        node,
        "work on smaller pieces of data",
      );
    }
  }

  /** `checkBulk` for `Object.entries`-like results: one [key, value] pair per own key, index or entry. */
  checkEntries(value: unknown, node: Node | null = this.current): void {
    const count =
      typeof value === "string" || Array.isArray(value)
        ? value.length
        : value instanceof Map || value instanceof Set
          ? value.size
          : typeof value === "object" && value !== null
            ? Object.keys(value).length
            : 0;
    this.checkBulk(count, BYTES_PER_ENTRY_PAIR, "a list of entries", node);
  }

  /** Raises `limit_size` when a string or array would exceed the size limit. */
  checkSize(length: number, what: string, node: Node | null = this.current): void {
    if (length > this.limits.maxSize) {
      throw this.fault(
        "limit_size",
        `The program tried to make ${what} of ${Math.round(length)} items; the limit is ${this.limits.maxSize}.`,
        node,
        "work on smaller pieces of data",
      );
    }
    // Strings take one or two bytes a unit, arrays a pointer: the heap must have room for it too.
    this.checkBulk(length, what.includes("string") ? 2 : 8, what, node);
  }

  /** A fault at a node's position. */
  fault(
    code: RunErrorCode,
    message: string,
    node: Node | null = this.current,
    hint?: string,
    extra: Record<string, unknown> = {},
  ): ProgramFault {
    const position = node?.loc?.start;
    return new ProgramFault(code, message, {
      ...(position ? { line: position.line, column: position.column } : {}),
      ...(hint ? { hint } : {}),
      ...extra,
    });
  }

  /** How many arguments a kit tool gets when it is passed as a callback: its required ones, at least one. */
  callbackArity(name: string): number {
    const required = (this.specs.get(name)?.args ?? []).filter((arg) => !arg.optional).length;
    return Math.max(1, required);
  }

  /** True when the program can call `name` as a kit tool. */
  hasTool(name: string): boolean {
    return Object.hasOwn(this.options.tools, name);
  }

  /** Calls a kit tool: plain-data arguments in, plain data out, traced, timed and counted. */
  async callTool(name: string, rawArgs: unknown[], node: Node): Promise<unknown> {
    if (this.options.signal?.aborted) throw this.fault("cancelled", "The run was cancelled.", node);
    this.toolCalls++;
    if (this.toolCalls > this.limits.maxToolCalls) {
      throw this.fault(
        "limit_tool_calls",
        `The program made more than ${this.limits.maxToolCalls} tool calls.`,
        node,
        "call tools fewer times, e.g. one find_files instead of many",
      );
    }
    const args = rawArgs.map((arg) => toToolArgument(arg, name, this, this.reveal));
    this.notePaths(name, args, rawArgs);
    const started = this.now();
    const entry: TraceEntry = {
      step: this.steps,
      tool: name,
      // A secret argument is traced as its marker, never as the value the tool got.
      args: args.map((arg, index) =>
        summarise(
          rawArgs[index] instanceof SecretValue ? rawArgs[index] : arg,
          this.limits.maxOutputBytes,
        ),
      ),
      result: null,
      durationMs: 0,
      success: false,
      error: null,
    };
    this.trace.push(entry);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const fn = this.options.tools[name];
      const call = this.toolSignals.begin();
      let value = fn.call(call.context, ...args);
      // Only a pending answer needs the tool-time race; a synchronous tool has already returned.
      if (isThenable(value)) {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            const fault = this.fault(
              "limit_tool_time",
              `Tool ${name} took longer than ${this.limits.toolTimeoutMs} ms.`,
              node,
              "ask the tool for less at a time",
              { tool: name },
            );
            call.abort(fault);
            reject(fault);
          }, this.limits.toolTimeoutMs);
        });
        value = await Promise.race([value, timeout]);
      }
      const result = toPlainData(value, name, { maxItems: this.limits.maxSize });
      entry.success = true;
      entry.result = summarise(result, this.limits.maxOutputBytes);
      return result;
    } catch (error) {
      if (isProgramFault(error)) {
        entry.error = error.message;
        throw error;
      }
      // A tool may throw anything; reading it must not throw again. One that echoes a secret it
      // was given has the secret's text replaced by its marker.
      const vault = this.options.secrets?.vault;
      const { message, hint, ...described } = vault
        ? vault.redactError(describeError(error))
        : describeError(error);
      entry.error = message;
      const retriable = described.retriable || this.specs.get(name)?.retriable === true;
      throw this.fault("tool_error", `Tool ${name} failed: ${message}`, node, hint, {
        tool: name,
        ...(retriable ? { retriable: true } : {}),
      });
    } finally {
      clearTimeout(timer);
      entry.durationMs = this.now() - started;
      this.toolMs += entry.durationMs;
    }
  }

  private notePaths(name: string, args: unknown[], rawArgs: unknown[]): void {
    const specArgs = this.specs.get(name)?.args ?? [];
    specArgs.forEach((arg, index) => {
      // A secret path is not listed: filesRead and filesModified are shown to the caller.
      if (typeof args[index] !== "string" || rawArgs[index] instanceof SecretValue) return;
      if (arg.path === "read") this.filesRead.add(args[index] as string);
      if (arg.path === "write") this.filesModified.add(args[index] as string);
    });
  }

  /** Calls a closure or native callable with arguments (callbacks of helpers and methods). */
  async callFunction(callee: unknown, args: unknown[], node: Node): Promise<unknown> {
    if (callee instanceof Closure) return this.callClosure(callee, args, node);
    if (callee instanceof NativeCallable) return callee.call(args);
    throw this.fault(
      "not_a_function",
      `A ${callee === null ? "null" : typeof callee} value is not a function.`,
      node,
      "pass an arrow function such as x => x.name",
    );
  }

  /** Runs an arrow function of the program in a new scope. */
  async callClosure(closure: Closure, args: unknown[], node: Node): Promise<unknown> {
    await this.yieldToHost();
    this.step(node);
    const scope = new Scope(closure.scope as Scope);
    const params: Node[] = closure.node.params;
    for (let index = 0; index < params.length; index++) {
      const param = params[index];
      if (param.type === "RestElement")
        await bindPattern(this, param.argument, args.slice(index), scope, "let");
      else await bindPattern(this, param, args[index], scope, "let");
    }
    if (closure.node.body.type === "BlockStatement")
      throw this.fault(
        "runtime_error",
        "An arrow function body must be a single expression.",
        closure.node,
      );
    return this.evaluate(closure.node.body, scope);
  }

  /** Asserts a value is callable, for helpers that take a key or predicate function. */
  requireCallable(
    value: unknown,
    what: string,
    node: Node,
  ): asserts value is Closure | NativeCallable {
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

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
