import { readdir, readFile, rename } from "node:fs/promises";
import path from "node:path";
import type { Template } from "@lackpy/infer";

/** Template parsing lives in infer, with the model clients; load it on first use. */
const templateFormat = () => import("@lackpy/infer");
import { atomicWrite, KeyedLock } from "./atomic-write.js";
import { ServiceError } from "./service-error.js";
import type { TemplateInfo } from "./service-types.js";

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const LOCK = new KeyedLock();

/** Refuses template and kit names that are not plain names (`/`, `\` and `..` are never allowed). */
export function checkPlainName(name: string, what: "template" | "kit"): void {
  if (!NAME.test(name) || name.includes("..")) {
    throw new ServiceError("invalid_name", `'${name}' is not a valid ${what} name.`, {
      hint: "use letters, digits, _ , - and ., without / or \\ or ..",
    });
  }
}

/** The workspace's templates directory: list, read, write atomically, update counters, demote. */
export class TemplatesDir {
  constructor(readonly directory: string) {}

  /** Path of a template file by name. */
  pathOf(name: string): string {
    checkPlainName(name, "template");
    return path.join(this.directory, `${name}.tmpl`);
  }

  /** Every readable template, sorted by name; unreadable files are skipped (the templates tier reports them). */
  async list(): Promise<TemplateInfo[]> {
    let files: string[];
    try {
      files = (await readdir(this.directory)).filter((file) => file.endsWith(".tmpl")).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const templates: TemplateInfo[] = [];
    for (const file of files) {
      const info = await this.readFile(path.join(this.directory, file)).catch(() => null);
      if (info) templates.push(info);
    }
    return templates;
  }

  /** One template by name; a `ServiceError` naming the known templates when missing. */
  async get(name: string): Promise<TemplateInfo> {
    try {
      return await this.readFile(this.pathOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      const known = (await this.list()).map((template) => template.name);
      throw new ServiceError("unknown_template", `No template named '${name}'.`, {
        hint: known.length
          ? `known templates: ${known.join(", ")}`
          : "create one with lackpy create <file> --name N --pattern P",
      });
    }
  }

  /** Writes a template atomically. */
  async write(template: Template): Promise<string> {
    const file = this.pathOf(template.name);
    const { formatTemplate } = await templateFormat();
    await LOCK.run(file, () => atomicWrite(file, formatTemplate(template)));
    return file;
  }

  /** Adds one success or failure to a template's counters; demotes it (renamed aside) when it keeps failing. */
  async record(
    name: string,
    success: boolean,
    demoteAfterFailures: number,
  ): Promise<{ demoted: boolean }> {
    const file = this.pathOf(name);
    return LOCK.run(file, async () => {
      const template = (await templateFormat()).parseTemplate(await readFile(file, "utf8"), file);
      if (!template.ok) return { demoted: false };
      const next = { ...template.template };
      if (success) next.successCount += 1;
      else next.failCount += 1;
      await atomicWrite(file, (await templateFormat()).formatTemplate(next));
      if (!success && next.failCount >= demoteAfterFailures && next.failCount > next.successCount) {
        await rename(file, `${file}.demoted-${Date.now()}`);
        return { demoted: true };
      }
      return { demoted: false };
    });
  }

  private async readFile(file: string): Promise<TemplateInfo> {
    const parsed = (await templateFormat()).parseTemplate(await readFile(file, "utf8"), file);
    if (!parsed.ok) throw new ServiceError("invalid_config", parsed.error.message, { file });
    const template = parsed.template;
    return {
      name: template.name,
      pattern: template.pattern ?? null,
      successCount: template.successCount,
      failCount: template.failCount,
      path: file,
      ...(template.created ? { created: template.created } : {}),
      program: template.program,
    };
  }
}
