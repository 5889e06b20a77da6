import path from "node:path";
import { serialize } from "node:v8";
import { DEFAULT_LIMITS, type ToolSpec, type ValidatedProgram } from "@lackpy/lang";
import { CANCELLED, IsolatedRun, type ChildTools } from "./isolated-run.js";
import { BUNDLED_CHILD, entryPath } from "./start-child.js";
import { canScopeReads, readScope } from "./read-scope.js";
import type { RunRequest, SentProgram, SentSpecs } from "./isolation-protocol.js";
import { resolveLimits, type Limits } from "../limits.js";
import { RunError } from "../run-error.js";
import { hostHeapGauge } from "./host-heap-gauge.js";
import {
  failedResult,
  prepareProgram,
  runInProcess,
  secretValues,
  type RunOptions,
} from "../run-program.js";
import { SecretVault } from "../secrets/secret-vault.js";
import type { RunResult } from "../run-result.js";
import { toParamData } from "../tools/plain-data.js";

let nextRunId = 0;
/** Each validated program as its children get it (`SentProgram`), made on its first isolated run. */
const sentPrograms = new WeakMap<ValidatedProgram, SentProgram>();
let nextProgramKey = 0;

function sentProgram(program: ValidatedProgram): SentProgram {
  let sent = sentPrograms.get(program);
  if (!sent) {
    sent = {
      key: nextProgramKey++,
      tree: serialize(program.ast),
      cells: [...(program.names.cells ?? [])],
    };
    sentPrograms.set(program, sent);
  }
  return sent;
}

/** Each specs list as its children get it (`SentSpecs`), made on its first isolated run. */
const sentSpecLists = new WeakMap<readonly ToolSpec[], SentSpecs>();
let nextSpecsKey = 0;
const NO_SPECS: readonly ToolSpec[] = Object.freeze([]);

function sentSpecs(specs: readonly ToolSpec[] = NO_SPECS): SentSpecs {
  let sent = sentSpecLists.get(specs);
  if (!sent) {
    sent = { key: nextSpecsKey++, specs: serialize(JSON.parse(JSON.stringify(specs))) };
    sentSpecLists.set(specs, sent);
  }
  return sent;
}

/**
 * Runs a program in a child process from the warm pool, under the heap limit `memoryMb`; when
 * the pool has no free slot the run waits for one, and the wait counts against its deadline.
 * Tools run here in the host, called over IPC; secret params stay here too (the child holds
 * markers). The child enforces the limits itself; the host also kills it when the run is past
 * its deadline (a native call cannot be interrupted) or the caller cancels, and reports a child
 * that died (heap abort, crash, killed) as `limit_memory` or `runtime_error`, while the host
 * lives on and the pool replaces the child.
 */
export async function runIsolated(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  const limits = resolveLimits(options.limits);
  // Secret values stay here, in the host: the child gets their names only.
  const vault = new SecretVault(secretValues(options), options.secretParams ?? []);
  const prepared = prepareProgram(program, options);
  if ("result" in prepared) return prepared.result;
  if (options.signal?.aborted) return failedResult(CANCELLED);
  const tools = options.tools ?? {};
  const request = isolatedRequest(prepared.program, options, limits, vault);
  // A child tool's result never passes the host's secret checks: with secrets, the host serves all.
  const childTools = vault.names.length === 0 ? ownTools(options) : null;
  return new Promise((resolve) =>
    new IsolatedRun(
      request,
      tools,
      vault,
      options,
      resolve,
      childTools,
      options.onProgress,
    ).start(),
  );
}

/** The run's child tools that are kit tools of the run, with the scope their child needs; null when there are none or this Node cannot scope a child. */
function ownTools(options: RunOptions): ChildTools | null {
  const named = Object.entries(options.childTools ?? {}).filter(([name]) =>
    Object.hasOwn(options.tools ?? {}, name),
  );
  if (named.length === 0 || !canScopeReads()) return null;
  // Folders and modules are absolute host paths; anything else leaves the tools to the host.
  const usable = (file: string) => path.isAbsolute(file) && !file.includes("\0");
  if (!named.every(([, tool]) => usable(tool.module) && tool.readRoots.every(usable))) return null;
  const scope = readScope(
    entryPath(),
    named.map(([, tool]) => tool.module),
    named.flatMap(([, tool]) => tool.readRoots),
    BUNDLED_CHILD,
  );
  return {
    scope,
    requests: named.map(([name, tool]) => ({
      name,
      module: tool.module,
      export: tool.export,
      options: tool.options,
    })),
    news: named.flatMap(([name, tool]) => (tool.news ? [[name, tool.news] as const] : [])),
    reports: new Map(
      named.flatMap(([name, tool]) => (tool.report ? [[name, tool.report] as const] : [])),
    ),
  };
}

/** The `run` message for the child: the validated tree, tool names and specs, and the plain params; secret values stay in `vault`. */
export function isolatedRequest(
  program: ValidatedProgram,
  options: RunOptions,
  limits: Limits,
  vault: SecretVault,
): RunRequest {
  return {
    type: "run",
    id: nextRunId++,
    program: sentProgram(program),
    toolNames: Object.keys(options.tools ?? {}),
    // Specs cross as JSON data (a spec may carry functions the structured clone refuses).
    toolSpecs: sentSpecs(options.toolSpecs),
    params: Object.fromEntries(
      Object.entries(options.params ?? {})
        .filter(([name]) => !vault.has(name))
        .map(([name, value]) => [name, toParamData(value, name)]),
    ),
    secretParams: vault.names,
    limits,
    elapsedMs: 0,
    childTools: [],
    ...(options.onProgress ? { progress: true } : {}),
  };
}

/** Runs a program in either mode: `isolated` (a child process) or `in-process` (default). */
export function run(
  program: string | ValidatedProgram,
  options: RunOptions = {},
): Promise<RunResult> {
  if (options.mode === "isolated") return runIsolated(program, options);
  if (options.mode !== undefined && options.mode !== "in-process")
    throw new RunError(`Unknown mode '${String(options.mode)}'.`, "use in-process or isolated");
  // Without a gauge of its own, an in-process run is stopped before it fills the host's heap.
  const heapUsedBytes =
    options.heapUsedBytes ?? hostHeapGauge(options.limits?.memoryMb ?? DEFAULT_LIMITS.memoryMb);
  return runInProcess(program, { ...options, heapUsedBytes });
}
