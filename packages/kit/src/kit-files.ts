import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { KitError } from "./kit-error.js";
import { formatKitFile, parseKitFile, type KitDefinition } from "./kit-file.js";
import {
  SHIPPED_KITS,
  checkKitName,
  resolveKit,
  type KitInput,
  type ResolvedKit,
} from "./resolve-kit.js";
import type { Toolbox } from "./toolbox.js";

/** Reads every `<kitsDir>/*.kit`; a missing directory has none. */
export async function readKitsDir(
  kitsDir: string | undefined,
): Promise<Record<string, KitDefinition>> {
  if (!kitsDir) return {};
  let files: string[];
  try {
    files = (await readdir(kitsDir)).filter((file) => file.endsWith(".kit"));
  } catch {
    return {};
  }
  const kits: Record<string, KitDefinition> = {};
  for (const file of files.sort()) {
    const full = path.join(kitsDir, file);
    kits[file.slice(0, -4)] = {
      name: file.slice(0, -4),
      ...parseKitFile(await readFile(full, "utf8"), { file: full }),
    };
  }
  return kits;
}

/** Resolves every kit form, including a path to a `.kit` file (relative to `baseDir`) and workspace kits in `kitsDir`. */
export async function resolveKitSpecifier(
  kit: KitInput,
  toolbox: Toolbox,
  options: { kitsDir?: string; baseDir?: string; extraTools?: readonly string[] } = {},
): Promise<ResolvedKit> {
  if (typeof kit === "string" && kit.trim().endsWith(".kit")) {
    const file = path.resolve(options.baseDir ?? process.cwd(), kit.trim());
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch {
      throw new KitError("unknown_kit", `Cannot read the kit file ${kit}.`, {
        hint: "give a path to an existing .kit file, a kit name, none, or a comma list of tools",
      });
    }
    const definition = parseKitFile(text, { file });
    const name = definition.name ?? path.basename(file, ".kit");
    return resolveKit(name, toolbox, {
      kits: { [name]: { ...definition, name } },
      extraTools: options.extraTools,
    });
  }
  return resolveKit(kit, toolbox, {
    kits: await readKitsDir(options.kitsDir),
    extraTools: options.extraTools,
  });
}

/** Shipped kits and the workspace's kits, with their tools. */
export async function kitList(
  kitsDir?: string,
): Promise<
  { name: string; source: "shipped" | "workspace"; tools: string[]; description?: string }[]
> {
  const workspace = await readKitsDir(kitsDir);
  const list = Object.entries(SHIPPED_KITS).map(([name, kit]) => ({
    name,
    source: "shipped" as const,
    tools: Object.keys(kit.tools),
    ...(kit.description ? { description: kit.description } : {}),
  }));
  for (const [name, kit] of Object.entries(workspace))
    list.push({
      name,
      source: "workspace" as never,
      tools: Object.keys(kit.tools),
      ...(kit.description ? { description: kit.description } : {}),
    });
  return list;
}

/** Writes `<kitsDir>/<name>.kit`; refuses an existing kit (or a shipped name) unless `force`. */
export async function kitCreate(
  name: string,
  tools: readonly string[],
  options: { kitsDir: string; force?: boolean; description?: string },
): Promise<{ path: string }> {
  checkKitName(name);
  const file = path.join(options.kitsDir, `${name}.kit`);
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if ((exists || SHIPPED_KITS[name]) && !options.force)
    throw new KitError("kit_exists", `Kit '${name}' already exists.`, {
      hint: "choose another name, or pass --force to replace it",
    });
  const definition: KitDefinition = {
    name,
    ...(options.description ? { description: options.description } : {}),
    tools: {},
  };
  for (const entry of tools) {
    const [callName, toolName = callName] = entry.split("=").map((part) => part.trim());
    definition.tools[callName] = toolName;
  }
  const text = formatKitFile(definition);
  parseKitFile(text, { file });
  const { mkdir } = await import("node:fs/promises");
  await mkdir(options.kitsDir, { recursive: true });
  await writeFile(file, text);
  return { path: file };
}
