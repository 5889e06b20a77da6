import type { ToolSpec } from "@lackpy/lang";
import type { ToolFunction, ToolProvider } from "./toolbox.js";

/** One recorded call of a mock tool. */
export interface MockCall {
  tool: string;
  args: unknown[];
}

/** A provider whose tools return fixed outputs (or compute them) and record every call; for tests and evals. */
export function createMockProvider(
  outputs: Readonly<Record<string, unknown | ((...args: any[]) => unknown)>>,
): ToolProvider & { calls: MockCall[] } {
  const calls: MockCall[] = [];
  return {
    name: "mock",
    calls,
    resolve(spec: ToolSpec): ToolFunction {
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
