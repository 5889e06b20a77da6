/**
 * Moving a workspace's templates between stores (`lackpy store export | import`): a JSON
 * document of the usable templates with their counters and origins, read from one backend and
 * written to another. Each template is checked as a template file would be (name, pattern,
 * params, origin, counts, a program that parses) before anything is written.
 */
import { formatTemplate, parseTemplate, type Template } from "@lackpy/infer/node";
import { checkPlainName } from "../config/plain-name.js";
import { ServiceError } from "../service-error.js";
import type { WorkspaceStore } from "./store-types.js";

/** The export document's version; bumped when its shape changes. */
export const STORE_EXPORT_VERSION = 1;

/** What `lackpy store export` writes. */
export interface StoreExport {
  lackpy: "store-export";
  version: typeof STORE_EXPORT_VERSION;
  /** The backend and workspace key it came from, for people. */
  from: { backend: string; workspace: string | null };
  exportedAt: string;
  templates: Template[];
}

/** What an import did, by template name. */
export interface StoreImportReport {
  imported: string[];
  replaced: string[];
  /** Names the target already had (pass `replace` to overwrite them). */
  skipped: string[];
}

/** Every usable template of a store, with its counters and origin. */
export async function exportTemplates(store: WorkspaceStore): Promise<StoreExport> {
  await store.mergeUnmerged();
  const templates = (await store.templates.list()).map((info): Template => ({
    name: info.name,
    pattern: info.pattern,
    successCount: info.successCount,
    failCount: info.failCount,
    ...(info.created ? { created: info.created } : {}),
    ...(info.kit ? { kit: info.kit } : {}),
    ...(info.params?.length ? { params: info.params } : {}),
    origin: info.origin,
    program: info.program,
  }));
  return {
    lackpy: "store-export",
    version: STORE_EXPORT_VERSION,
    from: { backend: store.backend, workspace: store.workspace },
    exportedAt: new Date().toISOString(),
    templates,
  };
}

/**
 * Writes an export's templates into a store; a name the store has already is skipped unless
 * `replace`. The whole document is checked first: one bad template imports nothing.
 */
export async function importTemplates(
  store: WorkspaceStore,
  document: unknown,
  options: { replace?: boolean } = {},
): Promise<StoreImportReport> {
  const templates = checkExport(document);
  const report: StoreImportReport = { imported: [], replaced: [], skipped: [] };
  for (const template of templates) {
    const exists = await store.templates.has(template.name);
    if (exists && !options.replace) {
      report.skipped.push(template.name);
      continue;
    }
    await store.templates.write(template, { force: exists });
    (exists ? report.replaced : report.imported).push(template.name);
  }
  await store.flush();
  return report;
}

/** The templates of an export document, each checked as a template file; `invalid_store_export` naming the first problem. */
export function checkExport(document: unknown): Template[] {
  const invalid = (message: string) =>
    new ServiceError("invalid_store_export", message, {
      hint: "import a file that lackpy store export wrote",
    });
  const record = document as Partial<StoreExport> | null;
  if (typeof record !== "object" || record === null || record.lackpy !== "store-export")
    throw invalid('The file is not a lackpy store export (no "lackpy": "store-export").');
  if (record.version !== STORE_EXPORT_VERSION)
    throw invalid(
      `The export is version ${JSON.stringify(record.version)}; this lackpy reads version ${STORE_EXPORT_VERSION}.`,
    );
  if (!Array.isArray(record.templates)) throw invalid("The export has no list of templates.");
  const names = new Set<string>();
  return record.templates.map((raw: unknown, position) => {
    const item = raw as Record<string, unknown> | null;
    const where = `templates[${position}]`;
    if (typeof item !== "object" || item === null) throw invalid(`${where} is not an object.`);
    const name = item.name;
    if (typeof name !== "string") throw invalid(`${where} has no name.`);
    checkPlainName(name, "template");
    if (names.has(name)) throw invalid(`${where} repeats the template name '${name}'.`);
    names.add(name);
    const strings = (value: unknown) =>
      Array.isArray(value) && value.every((entry) => typeof entry === "string");
    if (item.pattern !== null && typeof item.pattern !== "string")
      throw invalid(`${where} (${name}): pattern must be a string or null.`);
    if (typeof item.program !== "string")
      throw invalid(`${where} (${name}): program must be a string.`);
    if (item.params !== undefined && !strings(item.params))
      throw invalid(`${where} (${name}): params must be a list of names.`);
    for (const key of ["created", "kit", "origin"] as const)
      if (item[key] !== undefined && typeof item[key] !== "string")
        throw invalid(`${where} (${name}): ${key} must be a string.`);
    const template: Template = {
      name,
      pattern: item.pattern as string | null,
      successCount: item.successCount as number,
      failCount: item.failCount as number,
      ...(item.created ? { created: item.created as string } : {}),
      ...(item.kit ? { kit: item.kit as string } : {}),
      ...((item.params as string[] | undefined)?.length ? { params: item.params as string[] } : {}),
      ...(item.origin ? { origin: item.origin as Template["origin"] } : {}),
      program: item.program.trim(),
    };
    for (const key of ["successCount", "failCount"] as const)
      if (!Number.isInteger(template[key]) || template[key] < 0)
        throw invalid(`${where} (${name}): ${key} must be a whole number.`);
    // The same checks as a template file: a pattern's placeholders, params, origin, a program that parses.
    const parsed = parseTemplate(formatTemplate(template), `${where} (${name})`);
    if (!parsed.ok) throw invalid(parsed.error.message);
    return { ...parsed.template, origin: parsed.template.origin ?? "person" };
  });
}
