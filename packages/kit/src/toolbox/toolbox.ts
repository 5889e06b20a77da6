import { nearestName, type ToolSpec } from "@lackpy/lang";
import { describeTools } from "./describe-tools.js";
import { KitError } from "../kit-error.js";
import { maskedNameWarning } from "./masked-names.js";

/**
 * A tool implementation: sync or async, plain data in and out, the program's arguments in
 * order. A run calls it with a `ToolCallContext` as `this` (`fn.call({ signal }, ...args)`), so a
 * `function` (not an arrow function) may declare `this: ToolCallContext` and watch `this.signal`.
 */
export type ToolFunction = (...args: any[]) => unknown;

/** Turns a ToolSpec into a callable (builtin file tools, module exports, mocks). */
export interface ToolProvider {
  /** The name `ToolSpec.provider` refers to, e.g. `builtin`, `module`, `mock`. */
  name: string;
  /** The callable for one tool; throws a `KitError` when the provider cannot supply it. */
  resolve(spec: ToolSpec): ToolFunction | Promise<ToolFunction>;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Words a program cannot call as a function, so they cannot name a tool. */
const RESERVED_WORDS = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export " +
    "extends false finally for function if implements import in instanceof interface let new " +
    "null package private protected public return static super switch this throw true try " +
    "typeof var void while with yield undefined NaN Infinity"
  ).split(" "),
);

/**
 * Providers whose tools run code lackpy did not write (an MCP server, a module's function): such a
 * tool may echo what it is given, so unless its spec says `acceptsSecrets: true` it gets none.
 */
export const SECRET_REFUSING_PROVIDERS: ReadonlySet<string> = new Set(["mcp", "module"]);

/**
 * A registry of tool providers and tool specs; tools are kept in registration order. An MCP or
 * module tool whose spec does not say `acceptsSecrets` is registered with `acceptsSecrets: false`.
 */
export class Toolbox {
  private readonly providers = new Map<string, ToolProvider>();
  private readonly tools = new Map<string, ToolSpec>();
  private readonly resolved = new Map<string, Promise<ToolFunction>>();
  private readonly warningList: string[] = [];

  /** Every warning `registerTool` has returned, in order. */
  get warnings(): readonly string[] {
    return this.warningList;
  }

  /** Adds a provider; a later one with the same name replaces it. */
  registerProvider(provider: ToolProvider): this {
    this.providers.set(provider.name, provider);
    for (const [name, spec] of this.tools)
      if ((spec.provider ?? "builtin") === provider.name) this.resolved.delete(name);
    return this;
  }

  /** Adds a tool spec and returns warnings about it (also kept in `warnings`); a bad or taken name throws. */
  registerTool(spec: ToolSpec): string[] {
    if (!IDENTIFIER.test(spec.name) || RESERVED_WORDS.has(spec.name))
      throw new KitError("invalid_tool", `Tool name '${spec.name}' is not a callable name.`, {
        hint: "use letters, digits and _, not starting with a digit and not a JavaScript keyword",
      });
    checkSpec(spec);
    if (this.tools.has(spec.name))
      throw new KitError("duplicate_tool", `Tool '${spec.name}' is already registered.`, {
        hint: "register each tool once, or give this one another name",
      });
    const warning = maskedNameWarning(spec.name);
    const warnings = warning ? [warning] : [];
    // A tool lackpy did not write takes secrets only when its config says so (`accepts_secrets`).
    const refuses =
      spec.acceptsSecrets === undefined && SECRET_REFUSING_PROVIDERS.has(spec.provider ?? "");
    this.tools.set(spec.name, refuses ? { ...spec, acceptsSecrets: false } : spec);
    this.warningList.push(...warnings);
    return warnings;
  }

  /** Every tool, in registration order. */
  list(): ToolSpec[] {
    return [...this.tools.values()];
  }

  /** One tool's spec, or undefined. */
  get(name: string): ToolSpec | undefined {
    return this.tools.get(name);
  }

  /** True when a tool of this name is registered. */
  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** The callable of a tool, resolved once through its provider (a failed resolution is retried next time). */
  async resolve(name: string): Promise<ToolFunction> {
    const spec = this.require(name);
    let resolved = this.resolved.get(name);
    if (!resolved) {
      const providerName = spec.provider ?? "builtin";
      const provider = this.providers.get(providerName);
      if (!provider)
        throw new KitError(
          "unknown_provider",
          `Tool '${name}' needs the provider '${providerName}', which is not registered.`,
          { hint: `registered providers: ${[...this.providers.keys()].join(", ") || "none"}` },
        );
      resolved = Promise.resolve().then(() => provider.resolve(spec));
      this.resolved.set(name, resolved);
      resolved.catch(() => this.resolved.delete(name));
    }
    return resolved;
  }

  /**
   * Prompt lines for some tools: a list of tool names, or an `{ alias: toolName }` map whose
   * tools are shown under the alias the program calls.
   */
  describe(tools: readonly string[] | Readonly<Record<string, string>>): string {
    const entries: [string, string][] = Array.isArray(tools)
      ? tools.map((name: string) => [name, name])
      : Object.entries(tools);
    const aliases: Record<string, string> = {};
    const specs = entries.map(([callName, toolName]) => {
      if (callName !== toolName) aliases[callName] = toolName;
      return { ...this.require(toolName), name: callName };
    });
    return describeTools(specs, aliases);
  }

  private require(name: string): ToolSpec {
    const spec = this.tools.get(name);
    if (!spec)
      throw new KitError("unknown_tool", `No tool named '${name}'.`, {
        hint: `${nearestHint(name, this.tools.keys())}known tools: ${[...this.tools.keys()].join(", ") || "none"}`,
      });
    return spec;
  }
}

function checkSpec(spec: ToolSpec): void {
  const fail = (problem: string, hint: string): never => {
    throw new KitError("invalid_tool", `Tool '${spec.name}': ${problem}.`, { hint });
  };
  for (const field of ["gradeW", "effectsCeiling"] as const) {
    const grade = spec[field];
    if (grade !== undefined && !(Number.isInteger(grade) && grade >= 0 && grade <= 3))
      fail(`${field} is ${String(grade)}`, "grades are whole numbers from 0 to 3");
  }
  const seen = new Set<string>();
  for (const arg of spec.args ?? []) {
    if (!IDENTIFIER.test(arg?.name ?? "") || typeof arg.type !== "string")
      fail(
        `the argument ${JSON.stringify(arg)} needs a name and a type`,
        'write { name: "path", type: "string" }',
      );
    if (seen.has(arg.name))
      fail(`the argument '${arg.name}' is declared twice`, "name each argument once");
    seen.add(arg.name);
  }
}

function nearestHint(name: string, known: Iterable<string>): string {
  const nearest = nearestName(name, known);
  return nearest ? `did you mean ${nearest}? ` : "";
}
