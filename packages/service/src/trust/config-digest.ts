import { createHash } from "node:crypto";
import { readRegularFileSync } from "@lackpy/kit/node";
import path from "node:path";
import type { LackpyConfig } from "../config/config-types.js";
import { CONFIG_FILE } from "./code-unit.js";
import { digestText } from "./fingerprint.js";

/** The digest of the config's code-naming parts, whatever their order or comments. */
export function codeDigest(config: Pick<LackpyConfig, "tools" | "mcpServers" | "kit">): string {
  const canonical = canonicalJson({
    tools: config.tools,
    mcpServers: config.mcpServers,
    kit: config.kit.default,
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
