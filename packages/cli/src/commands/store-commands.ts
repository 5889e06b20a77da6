import { defineCommand, type ArgsDef } from "citty";
import type { LackpyService } from "@lackpy/service";
import { UsageError } from "../args/usage-error.js";
import { COMMON_ARGS } from "../args/shared-args.js";
import type { CommandContext } from "../io/command-context.js";
import { printJson } from "../io/command-context.js";

const BACKEND_ARG = {
  backend: {
    type: "enum",
    options: ["configured", "files"],
    description:
      "Which store: the one the config and LACKPY_STORE_URL name (default), or the workspace's files",
  },
} as const satisfies ArgsDef;

const EXPORT_ARGS = {
  workspace: COMMON_ARGS.workspace,
  debug: COMMON_ARGS.debug,
  ...BACKEND_ARG,
  out: { type: "string", description: "Write to this file instead of stdout", valueHint: "file" },
} as const satisfies ArgsDef;

const IMPORT_ARGS = {
  file: { type: "positional", description: "The export (JSON), or - for stdin", required: true },
  ...COMMON_ARGS,
  ...BACKEND_ARG,
  replace: {
    type: "boolean",
    description: "Replace templates of the same name (default: skip them)",
  },
} as const satisfies ArgsDef;

/** Opens the workspace with the store asked for; a `files` one is closed by the caller. */
async function openStore(
  context: CommandContext,
  args: { workspace?: string; backend?: string },
): Promise<{ service: LackpyService; close: () => Promise<void> }> {
  if (args.backend !== "files")
    return { service: await context.service(args.workspace), close: async () => undefined };
  const { LackpyService } = await import("@lackpy/service");
  const { resolve } = await import("node:path");
  const service = await LackpyService.open({
    workspace: resolve(context.io.cwd, args.workspace ?? "."),
    env: context.io.env,
    store: "files",
  });
  return { service, close: () => service.close() };
}

/** The export's text from a file or stdin; a file that cannot be read is a usage error naming it. */
async function readExport(context: CommandContext, file: string): Promise<string> {
  if (file === "-") return new TextDecoder().decode(await context.io.readStdin());
  const { readFile } = await import("node:fs/promises");
  const { resolve } = await import("node:path");
  try {
    return await readFile(resolve(context.io.cwd, file), "utf8");
  } catch (error) {
    throw new UsageError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
      "pass the file lackpy store export wrote, or - for stdin",
    );
  }
}

/** `lackpy store migrate | export | import`: the template and ratchet store. */
export function storeCommand(context: CommandContext) {
  const migrate = defineCommand({
    meta: {
      name: "migrate",
      description: "Apply the Postgres store's migrations (lackpy also does on first use)",
    },
    args: COMMON_ARGS,
    async run({ args }) {
      const service = await context.service(args.workspace);
      const { store } = service;
      if (store.backend !== "postgres" || !("migrate" in store))
        throw new UsageError(
          "This workspace keeps its templates in its files; there is nothing to migrate.",
          "set LACKPY_STORE_URL or [store] url to a postgres:// URL",
        );
      const report = await (
        store as { migrate(): Promise<{ applied: number[]; version: number }> }
      ).migrate();
      if (args.json)
        return printJson(context, {
          ...report,
          location: store.location,
          workspace: store.workspace,
        });
      context.io.stdout(
        report.applied.length
          ? `applied migration${report.applied.length === 1 ? "" : "s"} ${report.applied.join(", ")} to ${store.location}; the schema is at version ${report.version}\n`
          : `${store.location} is at version ${report.version}; nothing to apply\n`,
      );
    },
  });
  const exportCommand = defineCommand({
    meta: {
      name: "export",
      description: "Write the workspace's templates as JSON, to move them to another store",
    },
    args: EXPORT_ARGS,
    async run({ args }) {
      const { exportTemplates } = await import("@lackpy/service");
      const { service, close } = await openStore(context, args);
      try {
        const document = await exportTemplates(service.store);
        const text = `${JSON.stringify(document, null, 2)}\n`;
        if (!args.out) return context.io.document(text);
        const { writeFile } = await import("node:fs/promises");
        const { resolve } = await import("node:path");
        const file = resolve(context.io.cwd, args.out);
        await writeFile(file, text);
        context.io.stderr(
          `exported ${document.templates.length} template${document.templates.length === 1 ? "" : "s"} from ${service.store.location} to ${file}\n`,
        );
      } finally {
        await close();
      }
    },
  });
  const importCommand = defineCommand({
    meta: {
      name: "import",
      description: "Add templates from a lackpy store export to the workspace's store",
    },
    args: IMPORT_ARGS,
    async run({ args }) {
      const { importTemplates } = await import("@lackpy/service");
      const text = await readExport(context, args.file);
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch {
        throw new UsageError(
          `${args.file} is not JSON.`,
          "import a file that lackpy store export wrote",
        );
      }
      const { service, close } = await openStore(context, args);
      try {
        const report = await importTemplates(service.store, document, {
          replace: Boolean(args.replace),
        });
        if (args.json) return printJson(context, report);
        context.io.stdout(
          `imported ${report.imported.length}, replaced ${report.replaced.length}, skipped ${report.skipped.length} into ${service.store.location}${service.store.workspace ? ` (workspace ${service.store.workspace})` : ""}\n`,
        );
        if (report.skipped.length)
          context.io.stderr(
            `skipped (already there; --replace replaces them): ${report.skipped.join(", ")}\n`,
          );
      } finally {
        await close();
      }
    },
  });
  return defineCommand({
    meta: { name: "store", description: "The template and ratchet store: migrate, export, import" },
    subCommands: { migrate, export: exportCommand, import: importCommand },
  });
}
