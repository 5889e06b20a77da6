import { McpServer, ResourceTemplate } from "@modelcontextprotocol/server";
import { LackpyError } from "@lackpy/lang";
import type { LackpyService } from "@lackpy/service";
import * as z from "zod";

/** Version reported to MCP clients. */
export const MCP_SERVER_VERSION = "0.0.0";

const kit = z
  .union([z.string(), z.array(z.string()), z.record(z.string(), z.string())])
  .optional()
  .describe(
    "Kit: a kit name (readonly, files, or a workspace kit), 'none', a path to a .kit file, a list of tool names, or an {alias: tool} map. Default: the workspace's default kit.",
  );
const params = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    "Parameters the program reads as read-only variables: {name: value} or {name: {value, type, description, secret}}.",
  );
const rules = z
  .array(z.string())
  .optional()
  .describe("Extra validation rules by name, e.g. ['max_calls:5', 'no_loops'].");
const program = z
  .string()
  .describe(
    "A lackpy program: short JavaScript that calls kit tools by bare name and ends with an expression.",
  );

type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

function ok(value: unknown, isError = false): ToolResult {
  const structured =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { result: value };
  return {
    content: [{ type: "text", text: JSON.stringify(value, null, 2) }],
    structuredContent: structured,
    ...(isError ? { isError: true } : {}),
  };
}

function failure(error: unknown): ToolResult {
  if (error instanceof LackpyError) {
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.hint ? { hint: error.hint } : {}),
      },
    };
    return {
      content: [
        {
          type: "text",
          text: `error[${error.code}]: ${error.message}${error.hint ? `\nhint: ${error.hint}` : ""}`,
        },
      ],
      structuredContent: body,
      isError: true,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    content: [{ type: "text", text: `error[internal_error]: ${message}` }],
    structuredContent: { error: { code: "internal_error", message } },
    isError: true,
  };
}

async function guarded(work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (error) {
    return failure(error);
  }
}

/** An MCP server exposing a LackpyService's methods as tools, and the language spec and tool docs as resources. */
export function createMcpServer(service: LackpyService): McpServer {
  const server = new McpServer({ name: "lackpy", version: MCP_SERVER_VERSION });

  server.registerTool(
    "delegate",
    {
      description:
        "Delegate a task over the workspace to lackpy instead of making many tool calls yourself: give an intent in words; lackpy writes a short program (from a saved template, a rule, or a model), validates it, runs it with limits, and returns the output, the program, and a trace of every tool call. Use it for multi-step file work (find, read, count, filter, summarise, edit).",
      inputSchema: z.object({
        intent: z.string().describe("What you want, in words."),
        kit,
        params,
        rules,
      }),
    },
    async (args, context) =>
      guarded(async () => {
        const result = await service.delegate(args.intent, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
          signal: context.mcpReq.signal,
        });
        return ok(result, !result.success);
      }),
  );

  server.registerTool(
    "generate",
    {
      description:
        "Generate a lackpy program for an intent without running it. Returns the program, the tier that answered, and any corrections.",
      inputSchema: z.object({ intent: z.string(), kit, params, rules }),
    },
    async (args) =>
      guarded(async () => {
        const result = await service.generate(args.intent, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
        });
        return ok(result, !result.success);
      }),
  );

  server.registerTool(
    "run_program",
    {
      description:
        "Validate and run a lackpy program you wrote. Call language_spec first if you do not know the language. Returns output, stdout, trace, and a structured error on failure.",
      inputSchema: z.object({
        program,
        kit,
        params,
        rules,
        limits: z
          .object({
            timeoutMs: z.number().int().positive().optional(),
            maxSteps: z.number().int().positive().optional(),
            maxToolCalls: z.number().int().positive().optional(),
          })
          .optional(),
      }),
    },
    async (args, context) =>
      guarded(async () => {
        const result = await service.runProgram(args.program, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
          limits: args.limits,
          signal: context.mcpReq.signal,
        });
        return ok(result, !result.success);
      }),
  );

  server.registerTool(
    "validate",
    {
      description:
        "Check a lackpy program statically without running it: every error with line, column, code and a hint.",
      inputSchema: z.object({ program, kit, params, rules }),
    },
    async (args) =>
      guarded(async () => {
        const result = await service.validate(args.program, {
          kit: args.kit,
          params: args.params,
          rules: args.rules,
        });
        return ok(result, !result.valid);
      }),
  );

  server.registerTool(
    "create",
    {
      description:
        "Save a working program as a template so later intents matching its pattern are answered with no model call. Pattern placeholders {name} become string parameters.",
      inputSchema: z.object({
        program,
        name: z.string(),
        pattern: z.string().optional(),
        kit,
        force: z.boolean().optional(),
      }),
    },
    async (args) =>
      guarded(async () =>
        ok(
          await service.create(args.program, {
            name: args.name,
            pattern: args.pattern,
            kit: args.kit,
            force: args.force,
          }),
        ),
      ),
  );

  server.registerTool(
    "kit_info",
    {
      description: "A kit's tools with argument types, its grade and description.",
      inputSchema: z.object({ kit: kit.unwrap() }),
    },
    async (args) => guarded(async () => ok(await service.kitInfo(args.kit))),
  );
  server.registerTool(
    "kit_list",
    {
      description: "Kits available in this workspace (shipped and .lackpy/kits).",
      inputSchema: z.object({}),
    },
    async () => guarded(async () => ok({ kits: await service.kitList() })),
  );
  server.registerTool(
    "kit_create",
    {
      description: "Create a workspace kit (.lackpy/kits/<name>.kit) from tool names.",
      inputSchema: z.object({
        name: z.string(),
        tools: z.array(z.string()).min(1),
        description: z.string().optional(),
        force: z.boolean().optional(),
      }),
    },
    async (args) =>
      guarded(async () =>
        ok(
          await service.kitCreate(args.name, args.tools, {
            force: args.force,
            description: args.description,
          }),
        ),
      ),
  );
  server.registerTool(
    "toolbox_list",
    {
      description: "Every tool the workspace can use, with argument types and grades.",
      inputSchema: z.object({}),
    },
    async () => guarded(async () => ok({ tools: await service.toolboxList() })),
  );
  server.registerTool(
    "docs_index",
    { description: "Docs available for a kit's tools.", inputSchema: z.object({ kit }) },
    async (args) => guarded(async () => ok({ docs: await service.docsIndex(args.kit) })),
  );
  server.registerTool(
    "resolve_doc",
    {
      description: "Read one doc by path from docs_index; paths outside the workspace are refused.",
      inputSchema: z.object({ path: z.string() }),
    },
    async (args) =>
      guarded(async () => ok({ path: args.path, text: await service.resolveDoc(args.path) })),
  );
  server.registerTool(
    "config",
    { description: "The workspace's effective lackpy config.", inputSchema: z.object({}) },
    async () => guarded(async () => ok(service.config())),
  );
  server.registerTool(
    "provider_list",
    {
      description: "Inference providers, their tiers and whether they answer.",
      inputSchema: z.object({}),
    },
    async () => guarded(async () => ok({ providers: await service.providerList() })),
  );
  server.registerTool(
    "language_spec",
    {
      description:
        "The lackpy language: allowed syntax, helpers, safe globals, methods, limits (markdown).",
      inputSchema: z.object({}),
    },
    async () =>
      guarded(async () => {
        const { markdown } = service.languageSpec();
        return { content: [{ type: "text", text: markdown }] };
      }),
  );

  server.registerResource(
    "language-spec",
    "lackpy://language-spec",
    { title: "The lackpy language", mimeType: "text/markdown" },
    async (uri) => ({
      contents: [
        { uri: uri.href, mimeType: "text/markdown", text: service.languageSpec().markdown },
      ],
    }),
  );
  server.registerResource(
    "doc",
    new ResourceTemplate("lackpy://docs/{+path}", { list: undefined }),
    { title: "Tool docs", mimeType: "text/markdown" },
    async (uri, variables) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "text/markdown",
          text: await service.resolveDoc(String(variables.path)),
        },
      ],
    }),
  );
  return server;
}
