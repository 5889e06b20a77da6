import { defineCommand } from "citty";
import type { TrustItem, TrustStatus } from "@lackpy/service";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { COMMON_ARGS } from "../args/shared-args.js";

/** How each kind of item reads in a list. */
const KIND_LABELS: Readonly<Record<TrustItem["kind"], string>> = {
  config: "config",
  kits: "kits",
  module_tool: "module tool",
  stdio_server: "stdio server",
  http_server: "http server",
  model_provider: "provider",
  file_opening: "files",
};

/** An item's label and name as a status line names it: `module tool x`, but `[files] globs` for the one opening unit. */
function itemName(item: TrustItem): string {
  return item.kind === "file_opening" ? "[files] globs" : `${KIND_LABELS[item.kind]} ${item.name}`;
}

/** `lackpy trust [--revoke]`: record (or forget) that a person trusts the workspace's config and the code it names. */
export function trustCommand(context: CommandContext) {
  return defineCommand({
    meta: {
      name: "trust",
      description:
        "Trust the workspace's config: lackpy runs no module tool or MCP server it names, sends nothing to a model host off this machine it names and opens no hidden path its [files] globs name, until then",
    },
    args: {
      ...COMMON_ARGS,
      revoke: { type: "boolean", description: "Forget the trust: nothing the config names runs" },
    },
    async run({ args }) {
      const service = await context.service(args.workspace);
      const { io } = context;
      if (args.revoke) {
        const report = service.revokeTrust();
        if (args.json) return printJson(context, report);
        io.stdout(
          report.revoked
            ? `revoked trust of ${report.workspace}: nothing its config names runs until lackpy trust\n`
            : `${report.workspace} was not trusted: nothing to revoke\n`,
        );
        return;
      }
      const report = await service.trust();
      if (args.json) return printJson(context, report);
      io.stdout(`trusted ${report.workspace}\n`);
      for (const item of report.items) io.stdout(`  ${describeItem(item)}\n`);
      if (report.templates?.length)
        io.stdout(
          `  ${"templates".padEnd(13)}${report.templates.join(", ")} (template files that may now change files)\n`,
        );
      if (!report.needed)
        io.stdout(
          "the config names no module tool, MCP server, model host off this machine or hidden path to open: nothing here needed trust\n",
        );
      io.stderr(`recorded in ${report.recordPath}; lackpy trust --revoke undoes it\n`);
    },
  });
}

/** One item on one line: kind, name, what runs, and the paths fingerprinted. */
export function describeItem(item: TrustItem): string {
  const label = KIND_LABELS[item.kind].padEnd(13);
  if (item.kind === "config" || item.kind === "kits") return `${label}${item.paths.join(", ")}`;
  const runner = item.runner
    ? `, package ${item.packages?.join(", ") || "?"} through ${item.runner}, started in a neutral folder`
    : "";
  const paths = item.paths.length > 0 ? `; code: ${item.paths.join(", ")}` : "";
  return `${label}${item.name}: ${item.summary}${runner}${paths}`;
}

/** The `trust` lines of `lackpy status`: the state, then each item that may not run and why. */
export function trustLines(trust: TrustStatus): string[] {
  if (trust.state === "not_needed")
    return [
      "not needed (the config names no module tool, MCP server, model host off this machine or hidden path to open)",
    ];
  if (trust.state === "trusted")
    return [
      trust.decidedBy === "option"
        ? "trusted by the app that opened the workspace"
        : `trusted (${trust.trustedAt ?? "?"})`,
    ];
  // The config and kits are part of every other item: their reasons show there.
  return [
    `untrusted: ${trust.hint ?? "lackpy trust"}`,
    ...trust.items
      .filter((item) => !item.trusted && item.kind !== "config" && item.kind !== "kits")
      .map((item) => `${itemName(item)}: ${item.reason ?? "not trusted"}`),
  ];
}
