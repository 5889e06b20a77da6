import type { ToolSpec } from "@lackpy/lang";
import { KitError } from "../kit-error.js";
import type { ToolFunction, ToolProvider } from "./toolbox.js";

/** One recorded call of a mock tool. */
export interface MockCall {
  tool: string;
  args: unknown[];
}

/** The `mock` provider with the calls it has recorded. */
export interface MockProvider extends ToolProvider {
  /** Every call of a mock tool, in order. */
  readonly calls: MockCall[];
}

/**
 * A provider whose tools return a fixed output (a fresh copy each call) or compute it with a
 * function, and record every call; for tests and evals. A tool without an output cannot resolve.
 */
export function createMockProvider(
  outputs: Readonly<Record<string, unknown>>,
  options: { name?: string } = {},
): MockProvider {
  const calls: MockCall[] = [];
  return {
    name: options.name ?? "mock",
    calls,
    resolve(spec: ToolSpec): ToolFunction {
      if (!Object.hasOwn(outputs, spec.name))
        throw new KitError("unknown_tool", `The mock provider has no output for '${spec.name}'.`, {
          hint: `mocked tools: ${Object.keys(outputs).join(", ") || "none"}`,
        });
      const output = outputs[spec.name];
      return (...args: unknown[]) => {
        calls.push({ tool: spec.name, args });
        return typeof output === "function"
          ? (output as (...values: unknown[]) => unknown)(...args)
          : structuredClone(output);
      };
    },
  };
}
