import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Everything the CLI prints in human form goes through one escaping function (`terminalText`,
 * applied by the io every command gets: `terminalIo`). This reads the CLI's sources and fails when
 * a new printing path could go around it.
 */
const SOURCE = fileURLToPath(new URL("..", import.meta.url));

function sources(folder: string): { file: string; text: string }[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "__fixtures__" ? [] : sources(full);
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) return [];
    return [
      {
        file: path.relative(SOURCE, full).split(path.sep).join("/"),
        text: readFileSync(full, "utf8"),
      },
    ];
  });
}

const FILES = sources(SOURCE);
const offenders = (pattern: RegExp, allowed: readonly string[]) =>
  FILES.filter(({ file, text }) => pattern.test(text) && !allowed.includes(file)).map(
    ({ file }) => file,
  );

describe("the CLI's printing paths", () => {
  it("reads its sources (control)", () => {
    expect(FILES.map(({ file }) => file)).toEqual(
      expect.arrayContaining(["main.ts", "io/terminal-text.ts", "commands/trust-commands.ts"]),
    );
  });

  it("touch the process's streams and the console only in the process io", () => {
    expect(offenders(/process\.(stdout|stderr)|\bconsole\.\w+\(/, ["io/cli-io.ts"])).toEqual([]);
  });

  it("write escape sequences only where lackpy's own styles are rendered", () => {
    expect(
      offenders(/\\u001[bB]|\\x1[bB]|\\u009[bB]|fromCharCode\(27\)/, [
        "io/terminal-text.ts",
        "output/report-error.ts",
      ]),
    ).toEqual([]);
  });

  it("write unescaped documents only for --json and exports", () => {
    expect(
      offenders(/\.document\(/, [
        "io/command-context.ts",
        "io/terminal-io.ts",
        "commands/store-commands.ts",
      ]),
    ).toEqual([]);
  });

  it("never print on a raw io: files that hold one print only through a command context", () => {
    const raw = FILES.filter(
      ({ file, text }) =>
        /\bCliIo\b/.test(text) &&
        // Where the raw io is made, and where it is wrapped (the context's io is the wrapped one).
        !["io/cli-io.ts", "io/terminal-io.ts", "io/command-context.ts"].includes(file),
    );
    expect(raw.map(({ file }) => file)).toContain("main.ts");
    expect(
      raw
        .filter(({ text }) => /(?<!context\.)\bio\.(stdout|stderr)\(/.test(text))
        .map(({ file }) => file),
    ).toEqual([]);
  });
});
