import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { KitError } from "../kit-error.js";
import { formatKitFile, parseKitFile, type KitDefinition } from "./parse-kit-file.js";
import { readKitText } from "./read-kit-text.js";
import { checkKitName } from "./resolve-kit.js";
import { workspaceKitNames } from "./resolve-kit-specifier.js";
import { isReservedKitName, reservedKitError, SHIPPED_KITS } from "./shipped-kits.js";

/** One kit as `kitList` reports it. */
export interface KitListEntry {
  name: string;
  source: "shipped" | "workspace";
  /** Callable names of the kit's tools. */
  tools: string[];
  description?: string;
  /** The `.kit` file of a workspace kit. */
  file?: string;
  /** Why a workspace `.kit` file cannot be used (its tools are then empty). */
  error?: string;
}

/**
 * The shipped kits, then the workspace's `<kitsDir>/*.kit` kits. A workspace `.kit` file that
 * takes a shipped kit's name or `none` is listed with its error beside the shipped kit, which it
 * never replaces.
 */
export async function kitList(kitsDir?: string): Promise<KitListEntry[]> {
  const entries: KitListEntry[] = Object.entries(SHIPPED_KITS).map(([name, kit]) => ({
    name,
    source: "shipped",
    ...summary(kit),
  }));
  for (const name of await workspaceKitNames(kitsDir)) {
    const file = path.join(kitsDir!, `${name}.kit`);
    try {
      if (isReservedKitName(name)) throw reservedKitError(name, file);
      const kit = parseKitFile(await readKitText(file), { file });
      if (kit.name !== undefined && isReservedKitName(kit.name))
        throw reservedKitError(kit.name, file);
      entries.push({ name, source: "workspace", ...summary(kit), file });
    } catch (error) {
      entries.push({ name, source: "workspace", tools: [], file, error: (error as Error).message });
    }
  }
  return entries;
}

/** Writes `<kitsDir>/<name>.kit` with the tools (`tool` or `alias=tool`); refuses an existing name unless `force`, and a shipped kit's name or `none` always. */
export async function kitCreate(
  name: string,
  tools: readonly string[],
  options: { kitsDir: string; force?: boolean; description?: string; docs?: readonly string[] },
): Promise<{ path: string }> {
  checkKitName(name);
  if (isReservedKitName(name)) throw reservedKitError(name, `${name}.kit`);
  const definition: KitDefinition = {
    name,
    ...(options.description ? { description: options.description } : {}),
    ...(options.docs?.length ? { docs: [...options.docs] } : {}),
    tools: {},
  };
  for (const entry of tools) {
    const [callName, toolName = callName] = entry.split("=").map((part) => part.trim());
    definition.tools[callName] = toolName;
  }
  const file = path.join(options.kitsDir, `${name}.kit`);
  const text = formatKitFile(definition);
  parseKitFile(text, { file });
  await mkdir(options.kitsDir, { recursive: true });
  try {
    await writeFile(file, text, { flag: options.force ? "w" : "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw exists(name);
    throw error;
  }
  return { path: file };
}

function summary(kit: KitDefinition): Pick<KitListEntry, "tools" | "description"> {
  return {
    tools: Object.keys(kit.tools),
    ...(kit.description ? { description: kit.description } : {}),
  };
}

function exists(name: string): KitError {
  return new KitError("kit_exists", `Kit '${name}' already exists.`, {
    hint: "choose another name, or pass force to replace it",
  });
}
