/**
 * Caches of prepared programs, so templates and repeated runs skip parsing, validation and
 * compilation: validated programs in an LRU keyed by everything validation reads (source, tool
 * names and specs, parameter names, rules), and compiled programs on each validated program,
 * keyed by the tool and parameter names the code was compiled for.
 */
import type { Node, ToolSpec, ValidatedProgram } from "@lackpy/lang";
import { compileProgram, type CompiledProgram } from "./compile-program.js";

/** What the interpreter needs of a program: its tree and the names it assigns without declaring. */
export interface ProgramTree {
  readonly ast: Node;
  readonly names: { readonly cells?: readonly string[] };
}

/** Most validated programs kept. */
const MAX_VALIDATED = 256;
/** Most source characters kept across all cached validated programs. */
const MAX_CACHED_SOURCE = 8 * 1024 * 1024;

const validated = new Map<string, ValidatedProgram>();
let cachedSource = 0;
const compiled = new WeakMap<ProgramTree, Map<string, CompiledProgram>>();
/** The last compiled program of each validated program: repeated runs with the same names skip building a key. */
const lastCompiled = new WeakMap<ProgramTree, CompiledProgram>();

function sameNames(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}
const specKeys = new WeakMap<readonly ToolSpec[], string>();

function specsKey(specs: readonly ToolSpec[] | undefined): string | null {
  if (!specs) return "";
  let key = specKeys.get(specs);
  if (key === undefined) {
    try {
      key = JSON.stringify(specs);
    } catch {
      return null;
    }
    specKeys.set(specs, key);
  }
  return key;
}

/** The cache key of a validation: source, tools with their specs, parameter names, rules (null: do not cache). */
export function validationKey(
  source: string,
  options: {
    toolNames: readonly string[];
    toolSpecs?: readonly ToolSpec[];
    paramNames: readonly string[];
    rules?: readonly string[];
  },
): string | null {
  const specs = specsKey(options.toolSpecs);
  if (specs === null) return null;
  return [
    options.toolNames.join("\u0001"),
    specs,
    options.paramNames.join("\u0001"),
    (options.rules ?? []).join("\u0001"),
    source,
  ].join("\u0000");
}

/** A cached validated program, refreshed as most recently used. */
export function cachedValidation(key: string): ValidatedProgram | undefined {
  const program = validated.get(key);
  if (program) {
    validated.delete(key);
    validated.set(key, program);
  }
  return program;
}

/** Keeps a validated program, dropping the least recently used ones past the limits. */
export function cacheValidation(key: string, program: ValidatedProgram): void {
  if (program.source.length > MAX_CACHED_SOURCE / 4) return;
  if (validated.has(key)) return;
  validated.set(key, program);
  cachedSource += program.source.length;
  for (const [oldest, old] of validated) {
    if (validated.size <= MAX_VALIDATED && cachedSource <= MAX_CACHED_SOURCE) break;
    validated.delete(oldest);
    cachedSource -= old.source.length;
  }
}

/** The program compiled for these tool and parameter names, compiled on first use. */
export function compiledProgram(
  program: ProgramTree,
  toolNames: readonly string[],
  paramNames: readonly string[],
): CompiledProgram {
  const last = lastCompiled.get(program);
  if (last && sameNames(last.toolNames, toolNames) && sameNames(last.paramNames, paramNames))
    return last;
  const key = `${toolNames.join("\u0001")}\u0000${paramNames.join("\u0001")}`;
  let byNames = compiled.get(program);
  if (!byNames) {
    byNames = new Map();
    compiled.set(program, byNames);
  }
  let code = byNames.get(key);
  if (!code) {
    code = compileProgram(program.ast, {
      tools: toolNames,
      params: paramNames,
      cells: program.names.cells,
    });
    byNames.set(key, code);
  }
  lastCompiled.set(program, code);
  return code;
}
