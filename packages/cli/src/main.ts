import { defineCommand, renderUsage, runCommand, type ArgsDef, type CommandDef } from "citty";
import { checkWorkspace } from "./args/check-workspace.js";
import type { CliIo } from "./io/cli-io.js";
import { createCommandContext, type CommandContext } from "./io/command-context.js";
import { reportError } from "./output/report-error.js";
import { trustedStyles } from "./io/terminal-text.js";
import { UsageError } from "./args/usage-error.js";
import { delegateCommand, generateCommand } from "./commands/intent-commands.js";
import { kitCommand, toolboxCommand } from "./commands/kit-commands.js";
import { mcpCommand } from "./commands/mcp-commands.js";
import { storeCommand } from "./commands/store-commands.js";
import {
  createCommand,
  runCommand as runProgramCommand,
  validateCommand,
} from "./commands/program-commands.js";
import { templateCommand } from "./commands/template-commands.js";
import { undoCommand } from "./commands/undo-command.js";
import { providerCommand } from "./commands/provider-commands.js";
import { rulesCommand } from "./commands/rules-commands.js";
import { initCommand, specCommand, statusCommand } from "./commands/workspace-commands.js";
import { trustCommand } from "./commands/trust-commands.js";
import { tidyUsage } from "./output/tidy-usage.js";

/** The CLI's version, kept in step with the package by the build. */
export const CLI_VERSION = "0.0.0";

/** The whole command tree for one invocation. */
export function createRootCommand(context: CommandContext): CommandDef {
  return defineCommand({
    meta: {
      name: "lackpy",
      version: CLI_VERSION,
      description: "Answer intents with short, validated tool-calling programs",
    },
    subCommands: {
      validate: validateCommand(context),
      run: runProgramCommand(context),
      delegate: delegateCommand(context),
      generate: generateCommand(context),
      create: createCommand(context),
      init: initCommand(context),
      status: statusCommand(context),
      trust: trustCommand(context),
      undo: undoCommand(context),
      spec: specCommand(context),
      kit: kitCommand(context),
      toolbox: toolboxCommand(context),
      template: templateCommand(context),
      provider: providerCommand(context),
      rules: rulesCommand(context),
      mcp: mcpCommand(context),
      store: storeCommand(context),
    },
  });
}

/** Runs the CLI with arguments (without `node lackpy`) and returns the exit code: 0 ok, 1 failed or invalid, 2 usage or config error. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const rawArgs = [...argv];
  const flags = rawArgs.slice(0, rawArgs.includes("--") ? rawArgs.indexOf("--") : undefined);
  const json = flags.includes("--json");
  const context = createCommandContext(io, { debug: flags.includes("--debug") });
  const root = createRootCommand(context);
  try {
    const [command, parents] = await resolveCommand(root, rawArgs);
    if (rawArgs.length === 0 || flags.includes("--help") || flags.includes("-h")) {
      const usage = tidyUsage(await renderHelp(command, parents), io.columns);
      context.io.stdout(`${trustedStyles(usage)}\n`);
      return rawArgs.length === 0 ? 2 : 0;
    }
    if (rawArgs.length === 1 && (rawArgs[0] === "--version" || rawArgs[0] === "-v")) {
      context.io.stdout(`${CLI_VERSION}\n`);
      return 0;
    }
    if (command.subCommands && !command.run)
      throw new UsageError(describeMissingSubcommand([...parents, command], command));
    await checkFlags(command, rawArgs.slice(parents.length));
    await checkWorkspace(rawArgs, io.cwd);
    await runCommand(root, { rawArgs });
    return context.exitCode;
  } catch (error) {
    return reportError(context, error, json);
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function resolveCommand(
  root: CommandDef,
  rawArgs: string[],
): Promise<[CommandDef, CommandDef[]]> {
  let command = root;
  const parents: CommandDef[] = [];
  for (const arg of rawArgs) {
    if (arg.startsWith("-")) break;
    const subCommands = (await resolve(command.subCommands)) as
      Record<string, CommandDef> | undefined;
    if (!subCommands) break;
    const next = subCommands[arg];
    if (!next) {
      throw new UsageError(
        `Unknown command '${[...parents.slice(1).map(nameOf), nameOf(command), arg].filter((part) => part && part !== "lackpy").join(" ")}'.`,
        `run lackpy ${parents.length ? nameOf(command) + " " : ""}--help to see the commands`,
      );
    }
    parents.push(command);
    command = next;
  }
  return [command, parents];
}

/**
 * A command's help: citty's usage under the command's whole name (`lackpy template list`, not
 * `template list`), headed by one line of our own (citty's header puts the name in parentheses
 * after the description, which doubles them when the description has its own).
 */
async function renderHelp(command: CommandDef, parents: readonly CommandDef[]): Promise<string> {
  const path = [...parents, command].map(nameOf).join(" ");
  const parentName = parents.map(nameOf).join(" ");
  const usage = await renderUsage(command, { meta: { name: parentName } });
  const description = ((command.meta as { description?: string } | undefined)?.description ??
    "") as string;
  const version = parents.length === 0 ? ` ${CLI_VERSION}` : "";
  const lines = usage.split("\n");
  lines[0] = `${path}${version}: ${description}`;
  return lines.join("\n");
}

function nameOf(command: CommandDef): string {
  return ((command.meta as { name?: string } | undefined)?.name ?? "") as string;
}

function describeMissingSubcommand(path: CommandDef[], command: CommandDef): string {
  const names = Object.keys((command.subCommands as Record<string, unknown>) ?? {});
  const words = path.slice(1).map(nameOf).join(" ");
  return words
    ? `'${words}' needs a subcommand: ${names.join(", ")}.`
    : `missing a command: ${names.join(", ")}. Run lackpy --help.`;
}

/** Refuses flags the command does not define (citty itself ignores them). */
async function checkFlags(command: CommandDef, rawArgs: string[]): Promise<void> {
  const args = ((await resolve(command.args)) ?? {}) as ArgsDef;
  const known = new Set<string>(["help", "h"]);
  for (const [name, def] of Object.entries(args)) {
    if (def.type === "positional") continue;
    known.add(name);
    if (def.type === "boolean") known.add(`no-${name}`);
  }
  for (const arg of rawArgs) {
    if (arg === "--") break;
    if (!arg.startsWith("-") || arg === "-") continue;
    const name = arg.replace(/^--?/, "").split("=")[0];
    if (!known.has(name)) {
      const options = [...known]
        .filter((option) => option.length > 1 && !option.startsWith("no-"))
        .map((option) => `--${option}`);
      throw new UsageError(
        `Unknown option '${arg.split("=")[0]}'.`,
        `options here: ${options.join(", ")}`,
      );
    }
  }
}

async function resolve<T>(value: T | (() => T) | (() => Promise<T>) | Promise<T>): Promise<T> {
  return typeof value === "function" ? await (value as () => T | Promise<T>)() : await value;
}
