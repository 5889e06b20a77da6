import type { Node } from "./parse-program.js";

/** A problem an extra rule found. */
export interface RuleViolation {
  message: string;
  line: number;
  column: number;
  hint?: string;
}

/** A named, optionally parameterised extra check that can only make validation stricter. */
export interface Rule {
  /** The name as it travels through config, CLI and MCP, e.g. `max_calls:5`. */
  name: string;
  check(program: Node): RuleViolation[];
}

/** A custom rule function from the library API. */
export type RuleFunction = (program: Node) => RuleViolation[];
