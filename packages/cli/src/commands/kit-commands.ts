import { defineCommand } from "citty";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { COMMON_ARGS } from "../args/shared-args.js";
import { relativeTo, withForceHint } from "../output/cli-wording.js";
import { UsageError } from "../args/usage-error.js";

/** `lackpy kit list | info <kit> | create <name> --tools a,b`. */
export function kitCommand(context: CommandContext) {
  const list = defineCommand({
    meta: { name: "list", description: "List shipped and workspace kits" },
    args: COMMON_ARGS,
    async run({ args }) {
      const service = await context.service(args.workspace);
      const kits = await service.kitList();
      if (args.json) return printJson(context, kits);
      for (const kit of kits) {
        const tools = kit.error
          ? context.colors.red(`error: ${relativeTo(service.workspace, kit.error)}`)
          : kit.tools.join(", ");
        context.io.stdout(
          `${kit.name.padEnd(16)} ${kit.source.padEnd(9)} ${tools}${kit.description ? `  — ${kit.description}` : ""}\n`,
        );
      }
    },
  });
  const info = defineCommand({
    meta: { name: "info", description: "Show a kit's tools, grade and description" },
    args: {
      kit: { type: "positional", description: "Kit name, .kit path or comma list", required: true },
      ...COMMON_ARGS,
    },
    async run({ args }) {
      const kit = await (await context.service(args.workspace)).kitInfo(args.kit);
      if (args.json) return printJson(context, kit);
      context.io.stdout(
        `kit ${kit.name}  grade w=${kit.grade.w} d=${kit.grade.d}\n\n${kit.description}\n`,
      );
    },
  });
  const create = defineCommand({
    meta: { name: "create", description: "Write .lackpy/kits/<name>.kit" },
    args: {
      name: { type: "positional", description: "Kit name", required: true },
      tools: {
        type: "string",
        description: "Comma-separated tool names (alias=tool allowed)",
        required: true,
        valueHint: "a,b",
      },
      description: { type: "string", description: "One line describing the kit" },
      force: { type: "boolean", description: "Replace an existing kit of that name" },
      ...COMMON_ARGS,
    },
    async run({ args }) {
      const tools = String(args.tools ?? "")
        .split(",")
        .map((tool) => tool.trim())
        .filter(Boolean);
      if (tools.length === 0)
        throw new UsageError(
          "--tools needs at least one tool name, e.g. --tools read_file,find_files.",
        );
      const created = await (
        await context.service(args.workspace)
      )
        .kitCreate(args.name, tools, { force: Boolean(args.force), description: args.description })
        .catch(withForceHint);
      if (args.json) return printJson(context, created);
      context.io.stdout(`created kit ${args.name} at ${created.path}\n`);
    },
  });
  return defineCommand({
    meta: { name: "kit", description: "Kits: named sets of tools" },
    subCommands: { list, info, create },
  });
}

/** `lackpy toolbox list | show <tool>`. */
export function toolboxCommand(context: CommandContext) {
  const list = defineCommand({
    meta: { name: "list", description: "List every tool the workspace can use" },
    args: COMMON_ARGS,
    async run({ args }) {
      const tools = await (await context.service(args.workspace)).toolboxList();
      if (args.json) return printJson(context, tools);
      for (const tool of tools) {
        const signature = `${tool.name}(${(tool.args ?? []).map((arg) => `${arg.name}${arg.optional ? "?" : ""}: ${arg.type}`).join(", ")})`;
        context.io.stdout(
          `${signature.padEnd(44)} w=${tool.gradeW ?? 3} d=${tool.effectsCeiling ?? 3}  ${tool.description ?? ""}\n`,
        );
      }
    },
  });
  const show = defineCommand({
    meta: { name: "show", description: "Show one tool's spec and docs" },
    args: {
      tool: { type: "positional", description: "Tool name", required: true },
      ...COMMON_ARGS,
    },
    async run({ args }) {
      const tool = await (await context.service(args.workspace)).toolboxShow(args.tool);
      if (args.json) return printJson(context, tool);
      context.io.stdout(`${tool.docsText ?? JSON.stringify(tool.spec, null, 2)}\n`);
    },
  });
  return defineCommand({
    meta: { name: "toolbox", description: "Every registered tool" },
    subCommands: { list, show },
  });
}
