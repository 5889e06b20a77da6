import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryIo } from "./io/cli-io.js";
import { main } from "./main.js";

const EXAMPLE = fileURLToPath(new URL("../../../examples/workspace", import.meta.url));
let root: string;
let server: Server;
let chats = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-ratchet-"));
  await cp(EXAMPLE, root, { recursive: true });
  // A loopback Ollama that writes the same program for every request, and counts the requests.
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      if (request.url === "/api/tags") return response.end(JSON.stringify({ models: [] }));
      chats++;
      response.end(
        JSON.stringify({
          model: "stub",
          created_at: new Date().toISOString(),
          message: { role: "assistant", content: '```js\n"capital of " + country\n```' },
          done: true,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  expect((await lackpy(["init"])).code).toBe(0);
  const file = path.join(root, ".lackpy", "config.toml");
  const config = (await readFile(file, "utf8"))
    .replace(`host = "http://127.0.0.1:11434"`, `host = "${url}"`)
    .replace(`mode = "isolated"`, `mode = "in-process"`);
  expect(config).toContain(url);
  await writeFile(file, config);
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

async function lackpy(args: string[], cwd = root) {
  const io = memoryIo({ cwd });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

const INTENT = "name the capital of the country";

describe("the ratchet from the command line", () => {
  it("promotes after the agreeing runs the config lackpy init wrote asks for, says so, then answers from the template", async () => {
    expect((await lackpy(["status"])).out).toContain(
      "ratchet    on: promotes after 3 agreeing successes, demotes its own templates after 5 failures\nrecent     no delegates yet\n",
    );
    for (let run = 1; run < 3; run++) {
      const { code, out, err } = await lackpy(["delegate", INTENT, "--param", "country=FR"]);
      expect(code).toBe(0);
      expect(out).toBe("capital of FR\n");
      expect(err).not.toContain("promoted");
      // On its way: status shows the request, its successes of the 3 needed, and its program.
      expect((await lackpy(["status"])).out).toContain(
        `           ${run}/3 "${INTENT}" · "capital of " + country\nrecent     last ${run} delegate${run === 1 ? "" : "s"}: ollama ${run}\n`,
      );
      expect(JSON.parse((await lackpy(["status", "--json"])).out).ratchet).toMatchObject({
        auto: true,
        minSuccesses: 3,
        candidates: [
          {
            intent: INTENT,
            kit: "readonly",
            successes: run,
            needed: 3,
            program: '"capital of " + country',
          },
        ],
        candidateCount: 1,
        recent: {
          delegates: run,
          window: 50,
          byTier: [{ tier: "ollama", delegates: run, failed: 0 }],
        },
      });
    }
    const promoting = await lackpy(["delegate", INTENT, "--param", "country=FR"]);
    expect(promoting.err).toMatch(
      /^promoted to template auto-name-the-capital-of-the-country-\w+ after 3 agreeing runs$/m,
    );
    expect(chats).toBe(3);
    for (const [intent, country] of [
      ["Name the capital of the COUNTRY.", "DE"],
      ["name  the capital of the country?", "IT"],
    ]) {
      const { code, out } = await lackpy([
        "delegate",
        intent,
        "--param",
        `country=${country}`,
        "--json",
      ]);
      expect(code).toBe(0);
      expect(JSON.parse(out)).toMatchObject({
        success: true,
        tier: "templates",
        output: `capital of ${country}`,
        promoted: null,
      });
    }
    expect(chats).toBe(3);
    const listed = JSON.parse((await lackpy(["template", "list", "--json"])).out);
    expect(listed).toMatchObject([
      {
        name: expect.stringMatching(/^auto-name-the-capital/),
        successCount: 2,
        failCount: 0,
        origin: "ratchet",
      },
    ]);
    const status = await lackpy(["status"]);
    expect(status.out).not.toContain("/3 ");
    expect(status.out).toContain("recent     last 5 delegates: ollama 3, templates 2\n");
  });

  it("gives the promotion in --json", async () => {
    const { out } = await lackpy([
      "delegate",
      "name the capital city of the country",
      "--param",
      "country=FR",
      "--json",
    ]);
    expect(JSON.parse(out).promoted).toBeNull();
    await lackpy(["delegate", "name the capital city of the country", "--param", "country=FR"]);
    const third = JSON.parse(
      (
        await lackpy([
          "delegate",
          "name the capital city of the country",
          "--param",
          "country=FR",
          "--json",
        ])
      ).out,
    );
    expect(third.promoted).toEqual({
      template: expect.stringMatching(/^auto-name-the-capital-city-of-the-country-/),
      agreeingRuns: 3,
    });
  });

  it("lists broken template files in template list and status, also with --json", async () => {
    await writeFile(path.join(root, ".lackpy", "templates", "bare.tmpl"), 'find_files("*")\n');
    const message =
      ".lackpy/templates/bare.tmpl:1: a template starts with front matter between --- lines.";
    const list = await lackpy(["template", "list"]);
    expect(list.out).toContain(`! ${message}\n`);
    const listJson = JSON.parse((await lackpy(["template", "list", "--json"])).out);
    expect(listJson.at(-1)).toEqual({
      name: "bare",
      pattern: null,
      successCount: 0,
      failCount: 0,
      path: path.join(root, ".lackpy", "templates", "bare.tmpl"),
      problem: expect.objectContaining({ code: "invalid_template", line: 1, message }),
    });
    const status = await lackpy(["status"]);
    expect(status.out).toContain("templates  2\n");
    expect(status.out).toContain(`problems   ${message}\n`);
    const statusJson = JSON.parse((await lackpy(["status", "--json"])).out);
    expect(statusJson.templateProblems).toEqual([
      expect.objectContaining({ code: "invalid_template", file: ".lackpy/templates/bare.tmpl" }),
    ]);
    expect(statusJson.problems).toEqual([{ file: ".lackpy/templates/bare.tmpl", message }]);
    expect((await lackpy(["template", "show", "bare"])).err).toContain(message);
    await rm(path.join(root, ".lackpy", "templates", "bare.tmpl"));
  });
});

describe("templates from the command line", () => {
  let workspace: string;
  beforeAll(async () => {
    workspace = await mkdtemp(path.join(os.tmpdir(), "lackpy-cli-templates-"));
    await cp(EXAMPLE, workspace, { recursive: true });
    expect((await lackpy(["init"], workspace)).code).toBe(0);
    const file = path.join(workspace, ".lackpy", "config.toml");
    const config = (await readFile(file, "utf8"))
      .replace(`order = ["templates", "rules", "ollama"]`, `order = ["templates", "rules"]`)
      .replace(`mode = "isolated"`, `mode = "in-process"`)
      .replace("demote_after_failures = 5", "demote_after_failures = 2");
    expect(config).toContain(`order = ["templates", "rules"]`);
    await writeFile(file, config);
  });
  afterAll(() => rm(workspace, { recursive: true, force: true }));
  const run = (args: string[]) => lackpy(args, workspace);

  it("keeps a template a person created when the requests name files that do not exist", async () => {
    const io = memoryIo({ cwd: workspace, stdin: `len(read_file(path).split("\\n"))` });
    expect(
      await main(
        ["create", "-", "--name", "count-lines", "--pattern", "count lines in {path}"],
        io,
      ),
    ).toBe(0);
    for (const typo of ["READNE.md", "RAEDME.md", "src/mian.ts", "README", "docs/nope.md"]) {
      const { code, err } = await run(["delegate", `count lines in ${typo}`]);
      expect(code).toBe(1);
      expect(err).toContain("tool_error");
      expect(err).not.toContain("demoted");
    }
    expect((await run(["template", "list"])).out).toBe(
      "count-lines              ✓0 ✗0  count lines in {path}\n",
    );
    expect((await run(["delegate", "count lines in README.md"])).out).toBe("4\n");
    await rm(path.join(workspace, ".lackpy", "templates", "count-lines.tmpl"));
  });

  it("says when a ratchet template is demoted, lists it with why, and restores it (human and --json)", async () => {
    const templates = path.join(workspace, ".lackpy", "templates");
    await writeFile(
      path.join(templates, "auto-backup.tmpl"),
      '---\nname: auto-backup\npattern: "open the backup of {file}"\norigin: ratchet\n---\nread_file(file + ".bak")\n',
    );
    expect((await run(["delegate", "open the backup of README.md"])).err).not.toContain("demoted");
    const second = await run(["delegate", "open the backup of notes.md"]);
    expect(second.code).toBe(1);
    const reason =
      "it failed 2 times and succeeded 0 (demote_after_failures = 2); last error: tool_error: Tool read_file failed: No file 'notes.md.bak' in the workspace.";
    expect(second.err).toContain(
      `demoted template auto-backup: ${reason}\n  hint: lackpy template restore auto-backup brings it back\n`,
    );

    const list = await run(["template", "list"]);
    expect(list.out).toMatch(
      new RegExp(
        `^no usable templates \\(lackpy create saves one\\)\\ndemoted auto-backup ✓0 ✗2 at \\d{4}-[^ ]+: ${escape(reason)}\\n  hint: lackpy template restore auto-backup brings it back\\n$`,
      ),
    );
    const listed = JSON.parse((await run(["template", "list", "--json"])).out);
    expect(listed).toEqual([
      {
        name: "auto-backup",
        pattern: "open the backup of {file}",
        successCount: 0,
        failCount: 2,
        path: expect.stringMatching(/auto-backup\.tmpl\.demoted-\d+$/),
        origin: "ratchet",
        demoted: { at: expect.stringMatching(/^\d{4}-/), reason },
      },
    ]);
    const status = await run(["status"]);
    expect(status.out).toContain("templates  0 (1 demoted)\n");
    expect(status.out).toContain(`           demoted auto-backup ✓0 ✗2 at `);
    // The person's template above answered 6 delegates (5 failed), this one 2 (both failed).
    expect(status.out).toContain("recent     last 8 delegates: templates 8 (7 failed)\n");
    expect(JSON.parse((await run(["status", "--json"])).out).ratchet.demoted).toMatchObject([
      { name: "auto-backup", reason, path: listed[0].path },
    ]);

    const restored = await run(["template", "restore", "auto-backup"]);
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(
      /^restored auto-backup from \.lackpy\/templates\/auto-backup\.tmpl\.demoted-\d+ \(✓0 ✗0; its failures count again from 0\)\n$/,
    );
    expect(JSON.parse((await run(["template", "list", "--json"])).out)).toMatchObject([
      { name: "auto-backup", failCount: 0, origin: "ratchet" },
    ]);
    const again = await run(["template", "restore", "auto-backup", "--json"]);
    expect(again.code).toBe(2);
    expect(JSON.parse(again.out)).toEqual({
      success: false,
      error: {
        code: "unknown_template",
        message: "No demoted template named 'auto-backup'.",
        hint: "no template has been demoted; lackpy template list shows the templates",
      },
    });
    // Demoted again, then restored with --json.
    await run(["delegate", "open the backup of a.md"]);
    await run(["delegate", "open the backup of b.md"]);
    const json = await run(["template", "restore", "auto-backup", "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({
      name: "auto-backup",
      failCount: 0,
      origin: "ratchet",
      path: path.join(templates, "auto-backup.tmpl"),
      restoredFrom: expect.stringMatching(/auto-backup\.tmpl\.demoted-\d+$/),
    });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
