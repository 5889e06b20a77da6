import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
const FENCED_DOC = "# Notes\n\n```js\nconsole.log(1)\n```\n\nText.\n\n```sh\nls\n```\n";

/** A loopback Ollama: every chat gets the next of `replies` (the last one repeats). */
let server: Server;
let host: string;
let replies: string[] = [];
let chats = 0;
let root: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      if (request.url === "/api/tags") return response.end(JSON.stringify({ models: [] }));
      const content = replies[Math.min(chats++, replies.length - 1)];
      response.end(
        JSON.stringify({
          model: "stub",
          created_at: new Date().toISOString(),
          message: { role: "assistant", content },
          done: true,
          done_reason: "stop",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-answers-"));
  await cp(EXAMPLE, root, { recursive: true });
  await writeFile(path.join(root, "docs", "notes.md"), FENCED_DOC);
  await mkdir(path.join(root, ".lackpy"), { recursive: true });
  await writeFile(
    path.join(root, ".lackpy", "config.toml"),
    [
      "[inference]",
      'order = ["templates", "rules", "ollama"]',
      "[inference.providers.ollama]",
      'plugin = "ollama"',
      `host = "${host}"`,
      'model = "stub"',
      "[run]",
      'mode = "in-process"',
      "[ratchet]",
      "auto = true",
      "min_successes = 1",
      "",
    ].join("\n"),
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  chats = 0;
});

async function lackpy(args: string[]) {
  const io = memoryIo({ cwd: root });
  const code = await main([...args, "--workspace", root], io);
  return { code, out: io.out, err: io.err };
}

async function delegateJson(intent: string, ...answers: string[]) {
  replies = answers;
  const { code, out } = await lackpy(["delegate", intent, "--json"]);
  return { code, result: JSON.parse(out) };
}

const BROKEN = 'const files = find_files("src/**/*"\n[]';

describe("lackpy delegate with a model that answers badly", () => {
  it("fails with the parse error after the last attempt, never printing [] as the answer", async () => {
    replies = [BROKEN];
    const { code, out, err } = await lackpy(["delegate", "summarise the inventory module"]);
    expect(code).toBe(1);
    expect(chats).toBe(3);
    expect(out).toBe("");
    expect(err).toContain('No tier could write a program for "summarise the inventory module":');
    expect(err).toContain("  ollama: invalid after 3 attempts: parse_error: Syntax error");
    expect(err).toContain(
      'last program tried (ollama):\n  const files = find_files("src/**/*"\n  []\n',
    );
    expect(err).toContain(
      "error[parse_error] program:2:2: Syntax error: Unexpected token.\n  1 | const files",
    );
    expect(err).toContain("> 2 | []\n    |  ^");
  });

  it("reports the parse error and every tier in --json, with success false", async () => {
    const { code, result } = await delegateJson("summarise the inventory module", BROKEN);
    expect(code).toBe(1);
    expect(result).toMatchObject({
      success: false,
      program: null,
      output: null,
      error: {
        code: "parse_error",
        program: BROKEN,
        provider: "ollama",
        errors: [{ code: "parse_error", line: 2, column: 2 }],
      },
    });
    expect(result.error.tiers.map((tier: { provider: string }) => tier.provider)).toEqual([
      "templates",
      "rules",
      "ollama",
    ]);
    expect(result.error.tiers[2].attempts).toHaveLength(3);
  });

  it.each([
    ["an empty reply", ""],
    ["a comment-only reply", "// find the files\n/* nothing */"],
    ["an empty fence", "```js\n```"],
  ])("fails with empty_program on %s and promotes nothing", async (_name, reply) => {
    const { code, result } = await delegateJson("describe the project", reply);
    expect(code).toBe(1);
    expect(result).toMatchObject({
      success: false,
      output: null,
      error: { code: "empty_program" },
    });
    const human = await lackpy(["delegate", "describe the project"]);
    expect(human.code).toBe(1);
    expect(human.out).toBe("");
    expect(human.err).toContain("error[empty_program] program:1:1: The answer has no program");
    expect(await readdir(path.join(root, ".lackpy"))).not.toContain("templates");
  });

  it("shows the last program tried when generate fails", async () => {
    replies = [BROKEN];
    const { code, err } = await lackpy(["generate", "summarise the inventory module"]);
    expect(code).toBe(1);
    expect(err).toContain("error[parse_error] program:2:2");
    expect(err).toContain("last program tried (ollama):");
  });

  it("runs a fenced program with prose around it", async () => {
    const { code, result } = await delegateJson(
      "tell me roughly how many typescript sources the inventory has",
      'Sure! Here it is:\n```javascript\nconst files = find_files("src/**/*.ts")\nlen(files)\n```\nIt counts them.',
    );
    expect(code).toBe(0);
    expect(result).toMatchObject({ success: true, tier: "ollama", output: 2, correction: null });
    expect(result.program).toBe('const files = find_files("src/**/*.ts")\nlen(files)');
  });

  it.each([
    [
      "plain",
      'const lines = read_file("docs/notes.md").split("\\n")\nlines.filter(line => line.startsWith("```")).length',
    ],
    [
      "fenced with prose",
      'Here:\n```js\nconst lines = read_file("docs/notes.md").split("\\n")\nlines.filter(line => line.startsWith("```")).length\n```\nDone.',
    ],
  ])("runs a %s program with ``` in its strings as written", async (_name, reply) => {
    const { code, result } = await delegateJson(
      "tell me how often notes.md opens or closes a code block",
      reply,
    );
    expect(code).toBe(0);
    expect(result).toMatchObject({ success: true, output: 4 });
    expect(result.program).toContain('line.startsWith("```")');
  });
});
