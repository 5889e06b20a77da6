import { readdir } from "node:fs/promises";
import path from "node:path";
import { KitError } from "../kit-error.js";
import { parseKitFile, type KitDefinition } from "./parse-kit-file.js";
import { isReservedKitName, reservedKitError } from "./shipped-kits.js";
import { readKitText } from "./read-kit-text.js";
import {
  resolveKit,
  type KitInput,
  type ResolveKitOptions,
  type ResolvedKit,
} from "./resolve-kit.js";
import type { Toolbox } from "../toolbox/toolbox.js";

/** Options of `resolveKitSpecifier`. */
export interface ResolveKitSpecifierOptions {
  /** Folder of the workspace's `<name>.kit` files (e.g. `<workspace>/.lackpy/kits`). */
  kitsDir?: string;
  /** Folder that relative `.kit` file paths start from; the current directory by default. */
  baseDir?: string;
  /** Tool names added to the kit unless already in it. */
  extraTools?: readonly string[];
  /** Stand-in specs for tools the toolbox has not listed yet (`ResolveKitOptions.unlisted`). */
  unlisted?: ResolveKitOptions["unlisted"];
}

const PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * Resolves every kit form: a path to a `.kit` file (relative to `baseDir`), a workspace kit
 * `<kitsDir>/<name>.kit`, and everything `resolveKit` takes. Only the requested `.kit` file is
 * read. A `.kit` file never takes a shipped kit's name or `none` (`RESERVED_KIT_NAMES`): the
 * shipped kit is used, and a file that calls itself one is refused (`invalid_kit_name`).
 */
export async function resolveKitSpecifier(
  kit: KitInput,
  toolbox: Toolbox,
  options: ResolveKitSpecifierOptions = {},
): Promise<ResolvedKit> {
  const { extraTools, unlisted } = options;
  if (typeof kit === "string" && kit.trim().endsWith(".kit")) {
    const file = path.resolve(options.baseDir ?? process.cwd(), kit.trim());
    const text = await readKitText(file).catch((error: unknown) => {
      if (KitError.is(error)) throw error;
      throw new KitError("unknown_kit", `Cannot read the kit file ${kit.trim()}.`, {
        hint: "give a path to an existing .kit file, a kit name, none, or a comma list of tools",
      });
    });
    const definition = parseKitFile(text, { file });
    const name = definition.name ?? path.basename(file, ".kit");
    if (isReservedKitName(name)) throw reservedKitError(name, kit.trim());
    return resolveKit(name, toolbox, {
      kits: { [name]: { ...definition, name } },
      extraTools,
      unlisted,
    });
  }
  const name = typeof kit === "string" ? kit.trim() : "";
  const kits: Record<string, KitDefinition> = {};
  // A workspace kit never stands for a shipped kit or `none`: `readonly` is what lackpy ships.
  if (
    options.kitsDir &&
    PLAIN_NAME.test(name) &&
    !name.includes("..") &&
    !isReservedKitName(name)
  ) {
    const file = path.join(options.kitsDir, `${name}.kit`);
    const text = await readKitText(file).catch((error: unknown) => {
      if (KitError.is(error)) throw error;
      return null;
    });
    if (text !== null) {
      const definition = parseKitFile(text, { file });
      if (definition.name !== undefined && isReservedKitName(definition.name))
        throw reservedKitError(definition.name, file);
      kits[name] = { name, ...definition };
    }
  }
  return resolveKit(kit, toolbox, {
    kits,
    knownKits: (await workspaceKitNames(options.kitsDir)).filter((kit) => !isReservedKitName(kit)),
    extraTools,
    unlisted,
  });
}

/** Names of the `.kit` files in `kitsDir`, sorted; none when the folder is missing. */
export async function workspaceKitNames(kitsDir: string | undefined): Promise<string[]> {
  if (!kitsDir) return [];
  const files = await readdir(kitsDir).catch(() => [] as string[]);
  return files
    .filter((file) => file.endsWith(".kit"))
    .map((file) => file.slice(0, -".kit".length))
    .sort();
}
