import { defineCommand } from "citty";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";
import { COMMON_ARGS } from "../args/shared-args.js";
import { UsageError } from "../args/usage-error.js";

/** `lackpy provider list | add <key>`. */
export function providerCommand(context: CommandContext) {
  const list = defineCommand({
    meta: {
      name: "list",
      description: "List configured inference providers and whether they answer",
    },
    args: COMMON_ARGS,
    async run({ args }) {
      const service = await context.service(args.workspace);
      const providers = await service.providerList();
      if (args.json) return printJson(context, providers);
      for (const provider of providers) {
        const state = provider.available
          ? context.colors.green("available")
          : context.colors.yellow("unavailable");
        context.io.stdout(
          `${provider.inOrder ? "*" : " "} ${provider.key.padEnd(12)} tier ${provider.tier}  ${provider.plugin.padEnd(10)} ${(provider.model ?? "").padEnd(20)} ${state}${provider.detail ? `  ${provider.detail}` : ""}\n`,
        );
      }
    },
  });
  const add = defineCommand({
    meta: {
      name: "add",
      description:
        "Add a model provider to .lackpy/config.toml and to the end of [inference] order",
    },
    args: {
      key: {
        type: "positional",
        description: "Provider key: ollama, anthropic, or a name of your own with --plugin",
        required: true,
      },
      plugin: {
        type: "enum",
        options: ["ollama", "anthropic"],
        description: "Which client (default: the key, when it is ollama or anthropic)",
      },
      model: { type: "string", description: "Model name", valueHint: "model" },
      host: { type: "string", description: "Ollama server URL", valueHint: "url" },
      "base-url": { type: "string", description: "Anthropic API base URL", valueHint: "url" },
      "api-key-env": {
        type: "string",
        description: "Environment variable holding the Anthropic key",
        valueHint: "NAME",
      },
      ...COMMON_ARGS,
    },
    async run({ args }) {
      const plugin =
        (args.plugin as "ollama" | "anthropic" | undefined) ??
        (args.key === "ollama" || args.key === "anthropic" ? args.key : undefined);
      if (!plugin)
        throw new UsageError(
          `Say which client provider '${args.key}' uses: --plugin ollama or --plugin anthropic.`,
        );
      const { addProviderToConfig } = await import("./add-provider-to-config.js");
      const { LackpyService, atomicWrite, configPath, initWorkspace, readWorkspaceConfig } =
        await import("@lackpy/service");
      const { resolve } = await import("node:path");
      const workspace = resolve(context.io.cwd, args.workspace ?? ".");
      const file = configPath(workspace);
      const created = (await initWorkspace(workspace)).created.includes(".lackpy/config.toml");
      // Read as every command reads it: a regular file only, checked.
      const text = (await readWorkspaceConfig(workspace)).text ?? "";
      const next = addProviderToConfig(text, {
        key: args.key,
        plugin,
        model: args.model,
        host: args.host,
        baseUrl: args["base-url"],
        apiKeyEnv: args["api-key-env"],
      });
      // lackpy trusts what it writes: a workspace trusted before the edit stays trusted, and one
      // that needed no trust is trusted when the provider this person added needs it (one that
      // sends requests or a key where the config says).
      let wasUntrusted = true;
      if (next !== text) {
        const before = await LackpyService.open({ workspace, env: context.io.env });
        try {
          wasUntrusted = (await before.trustStatus()).state === "untrusted";
        } finally {
          await before.close();
        }
      }
      if (next !== text) await atomicWrite(file, next);
      const service = await LackpyService.open({ workspace, env: context.io.env });
      if (!wasUntrusted && (await service.trustStatus()).state === "untrusted")
        await service.trust();
      try {
        const status = (await service.providerList()).find((entry) => entry.key === args.key)!;
        const order = service.config().inference.order;
        if (args.json)
          return printJson(context, { ...status, order, changed: next !== text, created });
        const { io } = context;
        if (created) io.stdout(`created .lackpy/config.toml\n`);
        io.stdout(
          next === text
            ? `${args.key} is already configured; order: ${order.join(" → ")}\n`
            : `added ${args.key} (${plugin}, model ${status.model ?? "default"}) to .lackpy/config.toml; order: ${order.join(" → ")}\n`,
        );
        if (!status.available)
          io.stderr(`note: ${args.key} does not answer yet: ${status.detail ?? "unavailable"}\n`);
      } finally {
        await service.close();
      }
    },
  });
  return defineCommand({
    meta: { name: "provider", description: "Inference providers" },
    subCommands: { list, add },
  });
}
