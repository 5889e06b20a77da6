import { FORBIDDEN_NAMES, HELPERS, METHOD_ALLOWLIST, SAFE_GLOBALS } from "./language-spec.js";
import type { ToolSpec } from "./types.js";

/** What a predefined name is, in lookup order: parameters, kit tools, helpers, safe globals. */
export type NameKind =
  "param" | "tool" | "helper" | "global_function" | "global_namespace" | "global_value";

/** A name the program did not create. */
export interface PredefinedName {
  kind: NameKind;
  tool?: ToolSpec;
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
      ? "global_namespace"
      : global.kind === "function"
        ? "global_function"
        : "global_value";
  BUILTIN_NAMES.set(global.name, { kind });
}
for (const name of HELPER_NAMES) BUILTIN_NAMES.set(name, { kind: "helper" });

const NAMESPACE_MEMBERS = new Map<string, ReadonlyMap<string, "function" | "value">>(
  [...GLOBALS.values()]
    .filter((global) => global.members)
    .map((global) => [
      global.name,
      new Map(global.members!.map((member) => [member.name, member.kind])),
    ]),
);

/** The names a program may use without declaring them. */
export class PredefinedNames {
  /** Tools and params of this program; helpers and safe globals come from the shared table. */
  private readonly names = new Map<string, PredefinedName>();

  constructor(options: {
    params: readonly string[];
    tools: readonly ToolSpec[];
    allowedNames: readonly string[];
  }) {
    for (const name of options.allowedNames) this.names.set(name, { kind: "tool" });
    for (const tool of options.tools) this.names.set(tool.name, { kind: "tool", tool });
    for (const name of options.params) this.names.set(name, { kind: "param" });
  }

  /** The predefined name, or undefined when the program must declare it. */
  get(name: string): PredefinedName | undefined {
    return this.names.get(name) ?? BUILTIN_NAMES.get(name);
  }

  /** True for names that can be called by bare name. */
  isCallable(name: string): boolean {
    const kind = this.get(name)?.kind;
    return kind === "tool" || kind === "helper" || kind === "global_function" || kind === "param";
  }

  /** The members of a safe global namespace, or undefined for other names. */
  namespaceMembers(name: string): ReadonlyMap<string, "function" | "value"> | undefined {
    if (this.get(name)?.kind !== "global_namespace") return undefined;
    return NAMESPACE_MEMBERS.get(name);
  }

  /** All names, for "did you mean" suggestions. */
  all(): string[] {
    return [...new Set([...BUILTIN_NAMES.keys(), ...this.names.keys()])];
  }
}

/** The closest candidate by edit distance, when it is close enough to be a likely typo. */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (name.length < 3) return undefined;
  return bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
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
