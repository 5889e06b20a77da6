import { createHash } from "node:crypto";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import { CONFIG_FILE, type TrustedConfig } from "./code-unit.js";
import { openingUnit } from "./opening-unit.js";
import { providerUnit } from "./provider-unit.js";
import { digestText } from "./fingerprint.js";

/**
 * The digest of the config's code-naming parts, whatever their order or comments: module tools,
 * MCP servers, the default kit, and the model providers that need trust (only when there are
 * any, so a record made before they counted still matches a config without them).
 */
export function codeDigest(config: TrustedConfig): string {
  const providers = Object.fromEntries(
    Object.entries(config.inference?.providers ?? {}).filter(
      ([key, provider]) => providerUnit(key, provider) !== null,
    ),
  );
  const canonical = canonicalJson({
    tools: config.tools,
    mcpServers: config.mcpServers,
    kit: config.kit.default,
    ...(Object.keys(providers).length > 0 ? { providers } : {}),
    ...(openingUnit(config.files) ? { opening: config.files } : {}),
  });
  return `code:${createHash("sha256").update(canonical).digest("hex")}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(",")}}`;
  return JSON.stringify(value);
}

/** The digest of the workspace's config file as it is on disk now (`absent` without one). */
export function diskConfigDigest(workspace: string): string {
  try {
    return digestText(readRegularFileSync(path.join(workspace, CONFIG_FILE)).toString("utf8"));
  } catch {
    return "absent";
  }
}
