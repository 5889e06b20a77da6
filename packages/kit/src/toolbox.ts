import type { ToolSpec } from "@lackpy/lang";
import { KitError } from "./kit-error.js";

/** A tool implementation: sync or async, plain data in and out. */
export type ToolFunction = (...args: any[]) => unknown;

/** Turns a ToolSpec into a callable (builtin file tools, module exports, mocks). */
export interface ToolProvider {
  name: string;
  resolve(spec: ToolSpec): ToolFunction | Promise<ToolFunction>;
}

/** Names that, used as tool names, make small models reach for Node instead of the tool. */
const MASKED_NAMES = new Set([
  "fs",
  "path",
  "os",
  "child_process",
  "http",
  "https",
  "net",
  "crypto",
  "process",
  "require",
  "console",
  "fetch",
  "JSON",
  "Math",
  "Object",
  "Array",
  "String",
  "Number",
  "Promise",
  "Date",
  "setTimeout",
  "eval",
]);

/** A registry of tool providers and tool specs, in registration order. */
export class Toolbox {
  private readonly providers = new Map<string, ToolProvider>();
  private readonly tools = new Map<string, ToolSpec>();
  private readonly resolved = new Map<string, Promise<ToolFunction>>();
  /** Warnings about registered tools (for example a name that masks a Node module). */
  readonly warnings: string[] = [];

  /** Adds a provider; a later one with the same name replaces it. */
  registerProvider(provider: ToolProvider): this {
    this.providers.set(provider.name, provider);
    return this;
  }

  /** Adds a tool spec; returns warnings about it (also kept in `warnings`). */
  registerTool(spec: ToolSpec): string[] {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(spec.name))
      throw new KitError("invalid_tool", `Tool name '${spec.name}' is not an identifier.`, {
        hint: "use letters, digits and _",
      });
    if (this.tools.has(spec.name))
      throw new KitError("duplicate_tool", `Tool '${spec.name}' is already registered.`);
    const warnings: string[] = [];
    if (MASKED_NAMES.has(spec.name))
      warnings.push(
        `Tool '${spec.name}' has the name of a Node module or global; models will confuse them. Prefer a verb like read_${spec.name.toLowerCase()}.`,
      );
    this.tools.set(spec.name, spec);
    this.warnings.push(...warnings);
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

  /** The callable of a tool, resolved once through its provider. */
  callable(name: string): Promise<ToolFunction> {
    const spec = this.tools.get(name);
    if (!spec)
      throw new KitError("unknown_tool", `No tool named '${name}'.`, {
        hint: `known tools: ${[...this.tools.keys()].join(", ")}`,
      });
    let resolved = this.resolved.get(name);
    if (!resolved) {
      const provider = this.providers.get(spec.provider ?? "builtin");
      if (!provider)
        throw new KitError(
          "unknown_provider",
          `Tool '${name}' needs provider '${spec.provider}', which is not registered.`,
          { hint: `providers: ${[...this.providers.keys()].join(", ")}` },
        );
      resolved = Promise.resolve(provider.resolve(spec));
      this.resolved.set(name, resolved);
    }
    return resolved;
  }
}

/** One line per tool as prompts show it: `alias(arg: type, opt?: type) -> returns — description`. */
export function describeTools(
  tools: readonly ToolSpec[],
  aliases: Readonly<Record<string, string>> = {},
): string {
  return tools
    .map((tool) => {
      const args = (tool.args ?? [])
        .map((arg) => `${arg.name}${arg.optional ? "?" : ""}: ${arg.type}`)
        .join(", ");
      const original = aliases[tool.name];
      const alias = original && original !== tool.name ? ` (alias of ${original})` : "";
      return `${tool.name}(${args}) -> ${tool.returns ?? "any"}${tool.description ? ` — ${tool.description}` : ""}${alias}`;
    })
    .join("\n");
}
