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

async function lackpy(args: string[]) {
  const io = memoryIo({ cwd: root });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

const INTENT = "name the capital of the country";

describe("the ratchet from the command line", () => {
  it("promotes after the agreeing runs the config lackpy init wrote asks for, says so, then answers from the template", async () => {
    for (let run = 1; run < 3; run++) {
      const { code, out, err } = await lackpy(["delegate", INTENT, "--param", "country=FR"]);
      expect(code).toBe(0);
      expect(out).toBe("capital of FR\n");
      expect(err).not.toContain("promoted");
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
      { name: expect.stringMatching(/^auto-name-the-capital/), successCount: 2, failCount: 0 },
    ]);
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
