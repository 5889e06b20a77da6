import path from "node:path";
import { displayPath, relativeInside, type CodeContext, type CodeUnit } from "./code-unit.js";
import type { TrustItem } from "./trust-types.js";

/** A unit as `lackpy trust` lists it. */
export function trustItem(unit: CodeUnit, context: CodeContext): TrustItem {
  const item: TrustItem = {
    kind: unit.kind,
    name: unit.name,
    summary: unit.summary,
    paths: unit.paths.map((entry) => displayPath(entry.absolute, entry.scope, context)),
  };
  if (unit.module) Object.assign(item, unit.module);
  const start = unit.start;
  if (start?.command !== undefined) {
    item.command = start.command;
    item.args = [...(start.args ?? [])];
    item.envNames = [
      ...new Set([
        ...Object.keys(unit.configured?.env ?? {}),
        ...(unit.configured?.inheritEnv ?? []),
      ]),
    ].sort();
    const cwd = path.resolve(context.workspace, start.cwd ?? ".");
    const relative = relativeInside(cwd, context);
    item.cwd = relative === null ? cwd : relative === "" ? "." : relative;
  }
  if (unit.runner) {
    item.runner = unit.runner.name;
    item.packages = [...unit.runner.packages];
  }
  if (unit.url) item.url = unit.url;
  if (unit.apiKeyEnv) item.apiKeyEnv = unit.apiKeyEnv;
  return item;
}

/** A word as a POSIX shell reads it back. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
