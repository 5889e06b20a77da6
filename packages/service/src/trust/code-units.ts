/**
 * What a workspace's config names as code, one unit per module tool and MCP server, plus the
 * config and kits every unit depends on. Each unit lists the paths it loads from: the whole
 * folder of a script or module that lives in the workspace (its siblings are what an
 * interpreter finds next to it: a Python module, a `lib.js` that wins over `lib/`), the files
 * it imports by relative path outside that folder, a file alone outside the workspace, and the
 * manifests above it that change what is loaded. `lackpy trust` fingerprints these paths, the
 * gate compares them before anything starts, and the file tools keep programs out of those
 * inside the workspace. A server's data arguments are not code and are not listed.
 */
import path from "node:path";
import type { LackpyConfig } from "../config/config-types.js";
import {
  CONFIG_FILE,
  type CodeContext,
  type CodePath,
  type CodeUnit,
  type TrustedConfig,
} from "./code-unit.js";
import { openingUnit } from "./opening-unit.js";
import { providerUnit } from "./provider-unit.js";
import { moduleToolUnit } from "./module-tool-unit.js";
import { serverUnit } from "./server-unit.js";

/**
 * True when the config names code (module tools), MCP servers, a model provider that sends
 * requests or a credential off this machine (`providerUnit`), or globs that open hidden paths
 * (`openingUnit`): only then is trust needed.
 */
export function namesCode(config: Omit<TrustedConfig, "kit">): boolean {
  return (
    Object.keys(config.tools).length > 0 ||
    Object.keys(config.mcpServers).length > 0 ||
    openingUnit(config.files) !== null ||
    Object.entries(config.inference?.providers ?? {}).some(
      ([key, provider]) => providerUnit(key, provider) !== null,
    )
  );
}

/** Every unit of a config: `config`, `kits`, then each module tool, each MCP server and each model provider that needs trust. */
export async function codeUnits(config: TrustedConfig, context: CodeContext): Promise<CodeUnit[]> {
  const units: CodeUnit[] = [configUnit(context), kitsUnit(config, context)];
  for (const [name, tool] of Object.entries(config.tools))
    units.push(await moduleToolUnit(name, tool, context));
  for (const [name, server] of Object.entries(config.mcpServers))
    units.push(await serverUnit(name, server, context));
  for (const [key, provider] of Object.entries(config.inference?.providers ?? {})) {
    const unit = providerUnit(key, provider);
    if (unit) units.push(unit);
  }
  const opening = openingUnit(config.files);
  if (opening) units.push(opening);
  return units;
}

function configUnit(context: CodeContext): CodeUnit {
  return {
    kind: "config",
    name: "config",
    where: CONFIG_FILE,
    summary: CONFIG_FILE,
    paths: [
      {
        absolute: path.join(context.workspace, CONFIG_FILE),
        scope: "file",
        protect: false,
        why: "the workspace's config",
      },
    ],
  };
}

function kitsUnit(config: Pick<LackpyConfig, "kit">, context: CodeContext): CodeUnit {
  const paths: CodePath[] = [
    {
      absolute: path.join(context.workspace, ".lackpy", "kits"),
      scope: "folder",
      protect: false,
      why: "the workspace's kits",
    },
  ];
  const kit = config.kit.default.trim();
  if (kit.endsWith(".kit"))
    paths.push({
      absolute: path.resolve(context.workspace, kit),
      scope: "file",
      protect: true,
      why: `the default kit ([kit] default in ${CONFIG_FILE})`,
    });
  return { kind: "kits", name: "kits", where: CONFIG_FILE, summary: ".lackpy/kits/", paths };
}
