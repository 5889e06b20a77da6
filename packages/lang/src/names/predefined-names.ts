import { CONSTRUCTORS } from "../spec/constructors.js";
import { FORBIDDEN_NAMES } from "../spec/forbidden-names.js";
import { HELPERS } from "../spec/helper-builtins.js";
import type { PredefinedNameKind } from "../spec/language-spec-types.js";
import { NAME_RULES } from "../spec/language-spec.js";
import { METHOD_ALLOWLIST } from "../spec/method-allowlist.js";
import { SAFE_GLOBALS } from "../spec/safe-globals.js";
import type { ToolSpec } from "../types.js";

/** A name the program did not create: a predefined name, or a forbidden one. */
export interface PredefinedName {
  readonly kind: PredefinedNameKind | "forbidden";
  readonly tool?: ToolSpec;
  /** Callable by bare name: tools, params (checked at run time), helpers, safe-global functions and `Number`. */
  readonly callable: boolean;
  /** A declaration or cell assignment may reuse the name (language.md §5, `assign_to_constant`). */
  readonly shadowable: boolean;
}

const SHADOWABLE = new Set<string>(NAME_RULES.shadowable);

function predefined(
  kind: PredefinedNameKind | "forbidden",
  callable: boolean,
  tool?: ToolSpec,
): PredefinedName {
  return { kind, callable, shadowable: SHADOWABLE.has(kind), tool };
}

const FORBIDDEN = new Set<string>(FORBIDDEN_NAMES);
const HELPER_NAMES = new Set(HELPERS.map((helper) => helper.name));
const GLOBALS = new Map(SAFE_GLOBALS.map((global) => [global.name, global]));

/** Every method name on any receiver type's allowlist. */
export const ALL_ALLOWED_METHODS: ReadonlySet<string> = new Set(
  Object.values(METHOD_ALLOWLIST).flat(),
);

/** True when `name` may never appear in name position. */
export function isForbiddenName(name: string): boolean {
  return FORBIDDEN.has(name);
}

const BUILTIN_NAMES = new Map<string, PredefinedName>();
for (const global of GLOBALS.values()) {
  const kind =
    global.kind === "namespace"
      ? "safe_global_namespace"
      : global.kind === "function"
        ? "safe_global_function"
        : "safe_global_value";
  BUILTIN_NAMES.set(global.name, predefined(kind, global.signature !== undefined));
}
for (const name of HELPER_NAMES) BUILTIN_NAMES.set(name, predefined("helper", true));
// Set and Map are called only with `new`, which the walk checks: as a bare name they are not callable.
for (const constructor of CONSTRUCTORS)
  BUILTIN_NAMES.set(constructor.name, predefined("constructor", false));
const FORBIDDEN_NAME = predefined("forbidden", false);
for (const name of FORBIDDEN) BUILTIN_NAMES.set(name, FORBIDDEN_NAME);
const TOOL = predefined("tool", true);
const PARAM = predefined("param", true);

const NAMESPACE_MEMBERS = new Map<string, ReadonlyMap<string, "function" | "value">>(
  [...GLOBALS.values()]
    .filter((global) => global.members)
    .map((global) => [
      global.name,
      new Map(global.members!.map((member) => [member.name, member.kind])),
    ]),
);

/** The names a program may use without declaring them, and the forbidden ones. */
export class PredefinedNames {
  /** Tools and params of this program; helpers, safe globals and forbidden names come from the shared table. */
  private readonly names = new Map<string, PredefinedName>();

  constructor(options: {
    params: readonly string[];
    tools: readonly ToolSpec[];
    allowedNames: readonly string[];
  }) {
    // A forbidden name stays forbidden even when a kit or a caller uses it for a tool or param.
    for (const name of options.allowedNames) if (!FORBIDDEN.has(name)) this.names.set(name, TOOL);
    for (const tool of options.tools)
      if (!FORBIDDEN.has(tool.name)) this.names.set(tool.name, predefined("tool", true, tool));
    for (const name of options.params) if (!FORBIDDEN.has(name)) this.names.set(name, PARAM);
  }

  /** What a name is when the program has no variable of that name: predefined, forbidden (kind `forbidden`), or undefined. */
  get(name: string): PredefinedName | undefined {
    return this.names.get(name) ?? BUILTIN_NAMES.get(name);
  }

  /** True for names that can be called by bare name. */
  isCallable(name: string): boolean {
    return this.get(name)?.callable === true;
  }

  /** The members of a safe global namespace, or undefined for other names. */
  namespaceMembers(name: string): ReadonlyMap<string, "function" | "value"> | undefined {
    if (this.get(name)?.kind !== "safe_global_namespace") return undefined;
    return NAMESPACE_MEMBERS.get(name);
  }

  /** All predefined names, for "did you mean" suggestions. */
  all(): string[] {
    const names = new Set<string>();
    for (const [name, entry] of BUILTIN_NAMES) if (entry.kind !== "forbidden") names.add(name);
    for (const name of this.names.keys()) names.add(name);
    return [...names];
  }
}

/** The options a `PredefinedNames` is built from. */
interface NameOptions {
  params: readonly string[];
  tools: readonly ToolSpec[];
  allowedNames: readonly string[];
}

let last: { options: NameOptions; toolNames: string[]; names: PredefinedNames } | undefined;

/**
 * The predefined names for these options, reused from the previous call when the tools are the
 * same objects with the same names and the params and extra names are equal (a service validates
 * many programs against one kit). Tool specs are read when used, so their arguments are current.
 */
export function predefinedNamesFor(options: NameOptions): PredefinedNames {
  if (
    last &&
    sameList(last.options.tools, options.tools) &&
    last.toolNames.every((name, index) => options.tools[index].name === name) &&
    sameList(last.options.params, options.params) &&
    sameList(last.options.allowedNames, options.allowedNames)
  )
    return last.names;
  const names = new PredefinedNames(options);
  last = {
    options: {
      params: [...options.params],
      tools: [...options.tools],
      allowedNames: [...options.allowedNames],
    },
    toolNames: options.tools.map((tool) => tool.name),
    names,
  };
  return names;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** The closest candidate by edit distance, when it is close enough to be a likely typo. */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length < 3) return undefined;
  const limit = Math.max(1, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // The distance is at least the difference in length: such a candidate cannot be close enough.
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** Levenshtein distance between two strings. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
