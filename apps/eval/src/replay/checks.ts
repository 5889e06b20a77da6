/** Exact answer checks of the intents: `equals`, `set_equals`, `contains`, `matches`, `locates`. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Check } from "../inputs/types.js";
import { workspaceFiles } from "../workspace/workspace-files.js";

/** A check's verdict with a short reason. */
export interface Verdict {
  pass: boolean;
  detail: string;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Set) return [...value].map(canonical);
  if (value instanceof Map) return canonical(Object.fromEntries(value));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** JSON text with object keys sorted, so it compares values regardless of key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value)) ?? "undefined";
}

function deepEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function asArray(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (value instanceof Set) return [...value];
  return null;
}

function preview(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : canonicalJson(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A mention of `file` in text: not part of a longer path. */
function mentionPattern(file: string): string {
  return `(?<![\\w./-])${escapeRegExp(file)}(?![\\w/-])`;
}

/** `locates`: every expected file (and line) is named, and no other workspace file is. */
function checkLocates(
  expected: readonly string[],
  text: string,
  files: readonly string[],
): Verdict {
  const wanted = expected.map((entry) => {
    const match = /^(.*?)(?::(\d+))?$/.exec(entry)!;
    return { file: match[1], line: match[2] };
  });
  const missing = wanted.filter(
    ({ file, line }) =>
      !new RegExp(mentionPattern(file) + (line ? `\\D{1,12}${line}\\b` : "")).test(text),
  );
  const wantedFiles = new Set(wanted.map(({ file }) => file));
  const extra = files.filter(
    (file) => !wantedFiles.has(file) && new RegExp(mentionPattern(file)).test(text),
  );
  if (missing.length === 0 && extra.length === 0) return { pass: true, detail: "locates" };
  const parts = [
    missing.length
      ? `does not name ${missing.map(({ file, line }) => (line ? `${file}:${line}` : file)).join(", ")}`
      : "",
    extra.length
      ? `also names ${extra.length} other file(s) (${extra.slice(0, 3).join(", ")})`
      : "",
  ];
  return { pass: false, detail: parts.filter(Boolean).join("; ") };
}

const answerText = (answer: unknown): string =>
  typeof answer === "string" ? answer : canonicalJson(answer);

/**
 * Applies a check to a value (the run's output, or a file's text). `files` is the universe of
 * workspace files a `locates` check looks for (default: the workspace fixture's files).
 */
export function checkValue(check: Check, answer: unknown, files?: readonly string[]): Verdict {
  if (check.maxLength !== undefined) {
    const length = answerText(answer).length;
    if (length > check.maxLength)
      return {
        pass: false,
        detail: `the answer has ${length} characters, more than the ${check.maxLength} a right answer needs`,
      };
  }
  return checkKind(check, answer, files);
}

function checkKind(check: Check, answer: unknown, files?: readonly string[]): Verdict {
  switch (check.kind) {
    case "equals":
      return deepEqual(answer, check.value)
        ? { pass: true, detail: "equal" }
        : { pass: false, detail: `expected ${preview(check.value)}, got ${preview(answer)}` };
    case "set_equals": {
      const got = asArray(answer);
      const want = asArray(check.value) ?? [];
      if (!got) return { pass: false, detail: `expected an array, got ${preview(answer)}` };
      const gotKeys = new Set(got.map(canonicalJson));
      const wantKeys = new Set(want.map(canonicalJson));
      const missing = [...wantKeys].filter((key) => !gotKeys.has(key));
      const extra = [...gotKeys].filter((key) => !wantKeys.has(key));
      return missing.length === 0 && extra.length === 0
        ? { pass: true, detail: "same set" }
        : {
            pass: false,
            detail: `missing ${missing.length} (${missing.slice(0, 3).join(", ")}), extra ${extra.length} (${extra.slice(0, 3).join(", ")})`,
          };
    }
    case "contains": {
      if (typeof answer === "string") {
        const parts = Array.isArray(check.value) ? check.value : [check.value];
        const missing = parts.filter((part) => !answer.includes(String(part)));
        return missing.length === 0
          ? { pass: true, detail: "contains" }
          : { pass: false, detail: `text lacks ${preview(missing)}` };
      }
      const got = asArray(answer);
      if (!got)
        return { pass: false, detail: `expected a string or an array, got ${preview(answer)}` };
      const keys = new Set(got.map(canonicalJson));
      const parts = Array.isArray(check.value) ? check.value : [check.value];
      const missing = parts.filter((part) => !keys.has(canonicalJson(part)));
      return missing.length === 0
        ? { pass: true, detail: "contains" }
        : { pass: false, detail: `array lacks ${preview(missing)}` };
    }
    case "locates":
      return checkLocates(check.value as string[], answerText(answer), files ?? workspaceFiles());
    case "matches": {
      const text = answerText(answer);
      return new RegExp(String(check.value)).test(text)
        ? { pass: true, detail: "matches" }
        : { pass: false, detail: `${preview(text)} does not match /${String(check.value)}/` };
    }
  }
}

/**
 * Checks an answer: the run's `output`, or, when the check names a `file`, that file's text in
 * `workspace` after the run (a missing file fails).
 */
export function checkAnswer(check: Check, answer: { output: unknown; workspace: string }): Verdict {
  if (check.file === undefined)
    return checkValue(check, answer.output, workspaceFiles(answer.workspace));
  let text: string;
  try {
    text = readFileSync(path.join(answer.workspace, check.file), "utf8");
  } catch {
    return { pass: false, detail: `${check.file} is missing after the run` };
  }
  const verdict = checkValue(check, text);
  return { ...verdict, detail: `${check.file}: ${verdict.detail}` };
}
