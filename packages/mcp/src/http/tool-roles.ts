import { McpServeError } from "./mcp-serve-error.js";
import { roleAllows, type TokenRole } from "./token-roles.js";

/**
 * The role each MCP tool needs. A tool missing here needs `admin`, so a tool added later is
 * closed until someone decides (a test checks that every registered tool is listed).
 */
export const TOOL_ROLES: Readonly<Record<string, TokenRole>> = Object.freeze({
  language_spec: "read",
  config: "read",
  kit_info: "read",
  kit_list: "read",
  toolbox_list: "read",
  docs_index: "read",
  resolve_doc: "read",
  provider_list: "read",
  search_tools: "read",
  describe_tool: "read",
  validate: "read",
  generate: "run",
  run_program: "run",
  delegate: "run",
  apply_changes: "write",
  undo: "write",
  create: "create",
  kit_create: "create",
});

/** Tools whose runs a `run` token makes as dry runs: it sees the diffs, nothing lands. */
const RUNS = new Set(["run_program", "delegate"]);

/** The role a call needs: `admin` to replace a template or kit (`force`), else the tool's. */
export function roleForCall(tool: string, args: Readonly<Record<string, unknown>>): TokenRole {
  if ((tool === "create" || tool === "kit_create") && args.force === true) return "admin";
  return Object.hasOwn(TOOL_ROLES, tool) ? TOOL_ROLES[tool]! : "admin";
}

/**
 * The arguments to call `tool` with for a caller of `role` (null: no tokens, anything goes), or
 * `forbidden` naming the role the call needs. A `run` token's programs run as dry runs.
 */
export function admitCall(
  tool: string,
  args: Record<string, unknown>,
  role: TokenRole | null,
): Record<string, unknown> {
  if (role === null) return args;
  const needed = roleForCall(tool, args);
  if (!roleAllows(role, needed))
    throw new McpServeError(
      "forbidden",
      `This token's role is '${role}'; ${tool}${needed === "admin" && args.force === true ? " with force" : ""} needs '${needed}'.`,
      {
        hint:
          needed === "admin"
            ? "replacing a template or kit others use needs an admin token; create one under a new name instead"
            : `ask for a token with role=${needed} (lackpy mcp token --role ${needed})`,
      },
    );
  if (role === "run" && RUNS.has(tool)) return { ...args, dryRun: true };
  return args;
}
