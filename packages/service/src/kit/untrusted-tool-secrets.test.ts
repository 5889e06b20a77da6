import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeWorkerPool } from "@lackpy/run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config/load-config.js";
import { LackpyService } from "../lackpy-service.js";

const FIXTURES = fileURLToPath(new URL("../../../kit/src/__fixtures__/", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const STDIO_FIXTURE = path.join(FIXTURES, "mcp-fixture-stdio.mjs");
const TOKEN = "s3cret-Token-Value";
const PARAMS = { token: { value: TOKEN, secret: true } };

/** Module tools that hand back what they get: as it is, upper-cased, split; and one that checks it. */
const MODULE = `
export const echo = (value) => value;
export const upper = (value) => String(value).toUpperCase();
export const split = (value) => ("Bearer " + value).split(" ");
export const check = (value) => value === ${JSON.stringify(TOKEN)};
`;

let root: string;
const services: LackpyService[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-untrusted-"));
  await cp(EXAMPLE, root, { recursive: true });
  // Code lackpy runs lives in a folder of its own (the workspace root cannot be protected).
  await mkdir(path.join(root, "tools"));
  await writeFile(path.join(root, "tools", "echo-tools.mjs"), MODULE);
});

afterAll(async () => {
  await Promise.all(services.map((service) => service.close()));
  await closeWorkerPool();
  await rm(root, { recursive: true, force: true });
});

/** A service whose module tools and MCP server take secrets only when `accepts` says so. */
function service(mode: "in-process" | "isolated", accepts: boolean | undefined): LackpyService {
  const line = accepts === undefined ? "" : `accepts_secrets = ${accepts}\n`;
  const tools = ["echo", "upper", "split", "check"]
    .map(
      (name) =>
        `[tools.${name}]\nprovider = "module"\nmodule = "./tools/echo-tools.mjs"\nargs = ["value"]\n${line}`,
    )
    .join("\n");
  const config = parseConfig(
    `[run]\nmode = "${mode}"\n\n${tools}\n[mcp_servers.fx]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(STDIO_FIXTURE)}]\n${line}`,
  );
  const lackpy = new LackpyService({ workspace: root, config });
  services.push(lackpy);
  return lackpy;
}

const KIT = ["echo", "upper", "split", "check", "fx_echo"];

/** What an echo tool lets a program do with a secret it hands back: each must be refused. */
const LEAKS: [string, string][] = [
  [
    "split, reverse and join a module echo",
    `const r = echo(token)\nr.split("").reverse().join("")`,
  ],
  ["print a module echo lower-cased", `const r = echo(token)\nprint(r.toLowerCase())`],
  ["lower-case a module tool's upper-cased copy", `const r = upper(token)\nr.toLowerCase()`],
  ["join a module tool's split copy", `const r = split(token)\nr.join("")`],
  ["lower-case an MCP echo's field", `const r = fx_echo(token)\nr.text.toLowerCase()`],
  ["repeat an MCP echo", `const r = fx_echo(token, 2)\nr.text.slice(0, 18)`],
];

describe.each(["in-process", "isolated"] as const)(
  "secrets and tools lackpy did not write (%s)",
  (mode) => {
    it.each([
      ["a module tool", `echo(token)`, "echo"],
      ["an MCP server's tool", `fx_echo(token)`, "fx_echo"],
    ])(
      "refuses a secret for %s whose config does not accept secrets",
      async (_name, source, tool) => {
        for (const accepts of [undefined, false]) {
          const result = await service(mode, accepts).runProgram(source, {
            kit: KIT,
            params: PARAMS,
          });
          // Refused before the run, by the validator, from the tool's spec.
          expect(result.error?.code).toBe("invalid_program");
          expect(result.error?.errors?.[0]).toMatchObject({ code: "secret_access" });
          expect(result.error?.message).toContain(`cannot be passed to ${tool}`);
          expect(JSON.stringify(result)).not.toContain(TOKEN);
        }
      },
    );

    it.each(LEAKS)("refuses to %s when the tool accepts secrets", async (_name, source) => {
      const result = await service(mode, true).runProgram(source, { kit: KIT, params: PARAMS });
      expect(result.error?.code).toBe("secret_access");
      expect(JSON.stringify(result).toLowerCase()).not.toContain(TOKEN.toLowerCase());
    });

    it("gives a tool that accepts secrets the real value, and the program markers", async () => {
      const lackpy = service(mode, true);
      const checked = await lackpy.runProgram(`check(token)`, { kit: KIT, params: PARAMS });
      expect(checked.output).toBe(true);
      const echoed = await lackpy.runProgram(`const r = fx_echo(token)\nr`, {
        kit: KIT,
        params: PARAMS,
      });
      expect(echoed.output).toEqual({ text: "[secret:token]", times: 1 });
      expect(echoed.trace[0]).toMatchObject({ args: ["[secret:token]"] });
    });

    it("keeps what such a tool returns for plain arguments as plain data", async () => {
      const result = await service(mode, undefined).runProgram(
        `const r = [upper("hello"), fx_echo("hi", 2).text]\nr`,
        { kit: KIT },
      );
      expect(result.output).toEqual(["HELLO", "hihi"]);
    });
  },
);
