import { cp, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerationContext, Provider } from "@lackpy/infer";
import type { Toolbox } from "@lackpy/kit";
import { closeWorkerPool } from "@lackpy/run/node";
import { DEFAULT_CONFIG, type LackpyConfig } from "../config/config-types.js";
import { LackpyService } from "../lackpy-service.js";
import { redactSecrets, resolveParams } from "./resolve-params.js";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/workspace", import.meta.url));
const KIT = ["read_file", "login", "fail", "echo"];
/** The kit with every builtin file tool: none takes a secret. */
const FILES_KIT = [...KIT, "find_files", "write_file", "edit_file"];
/** Secret params: a file path, a 3-character pin and an object; every value is distinctive. */
const PARAMS = {
  token: { value: "private-Notes-7.txt", secret: true },
  pin: { value: "Qx7", secret: true },
  creds: { value: { user: "ada-User-Name", key: "k3y-Value-xyz" }, secret: true },
  label: "plain label",
};
const SECRET_TEXTS = ["private-Notes-7", "Qx7", "ada-User-Name", "k3y-Value-xyz"];

/** Leaks the hostile user found, and more: each must be rejected with secret_access. */
const LEAKS: [string, string][] = [
  ["an object key", "const o = {}\no[token] = 1\no"],
  ["a field of a secret object", "creds.key"],
  ["a short secret", "pin"],
  ["toLowerCase", "token.toLowerCase()"],
  ["slice", "token.slice(0, 3)"],
  ["split and join", 'token.split("").join(" ")'],
  ["printing in parts", "print(token.slice(0, 3))\nprint(token.slice(3))"],
  ["spread", "[...token]"],
  ["a template literal", "`${pin}`"],
  ["an oracle, character by character", 'token[0] === "p"'],
  ["an equality oracle", 'pin === "Qx7"'],
  ["Object.entries", "Object.entries(creds)"],
  ["JSON.stringify", "JSON.stringify({ t: token })"],
  ["join", '[token].join("")'],
  ["for of", "for (const c of token) print(c)"],
  ["length", "token.length"],
  ["sorted", 'sorted([token, "m"])'],
  ["print", "print(creds)"],
  ["truthiness", 'if (pin) print("set")'],
  ["an alias", "const t = token\nread_file(t)"],
  ["a helper", "len(token)"],
];

/** Laundering a secret through the builtin file tools (issue #16): each is secret_access, nothing written. */
const FILE_TOOL_LEAKS: [string, string][] = [
  ["written, read back and sliced", 'write_file("a.txt", token)\nread_file("a.txt").slice(0, 7)'],
  [
    "written, read back and split",
    'write_file("a.txt", token)\nread_file("a.txt").split("").join(" ")',
  ],
  ["a short secret written", 'write_file("a.txt", pin)\nread_file("a.txt")'],
  ["a file named by the secret, listed", 'write_file(token, "x")\nfind_files("*")'],
  ["a field as a file name, listed", 'write_file(creds.key, "x")\nfind_files("**")'],
  ["edit's new text, read back", 'edit_file("README.md", "#", token)\nread_file("README.md")'],
  ["edit's old text as an oracle", 'edit_file("README.md", pin, "x")'],
  ["edit's path", 'edit_file(creds.user, "a", "b")'],
  ["a field written", 'write_file("k.txt", creds["key"])\nread_file("k.txt")'],
  ["a whole object written", 'write_file("c.json", creds)'],
  ["a path read, echoed in errors", "read_file(creds.key)"],
  ["a secret path read", "read_file(token)"],
  ["a glob pattern", "find_files(token)"],
  ["a character as a pattern", "find_files(pin[0])"],
  ["in a callback", '["a.txt"].map(p => write_file(p, token))'],
];

/** Every file name under `directory`, sorted. */
async function listFiles(directory: string): Promise<string[]> {
  return (await readdir(directory, { recursive: true })).sort();
}

const roots: string[] = [];
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "lackpy-secrets-"));
  roots.push(root);
  await cp(EXAMPLE, root, { recursive: true });
  await writeFile(path.join(root, "private-Notes-7.txt"), "the notes\n");
});

afterAll(async () => {
  await closeWorkerPool();
  await Promise.all(roots.map((directory) => rm(directory, { recursive: true, force: true })));
});

function service(mode: "in-process" | "isolated", providers: Record<string, Provider> = {}) {
  const received: unknown[][] = [];
  const settings: LackpyConfig = structuredClone(DEFAULT_CONFIG);
  settings.run.mode = mode;
  if (Object.keys(providers).length) settings.inference.order = Object.keys(providers);
  const lackpy = new LackpyService({
    workspace: root,
    config: settings,
    providers,
    extendToolbox: (toolbox: Toolbox) => {
      const functions: Record<string, (...args: unknown[]) => unknown> = {
        login: (...args) => {
          received.push(args);
          return "logged in";
        },
        fail: (value) => {
          throw new Error(`refused ${String(value)}`);
        },
        echo: (value) => value,
      };
      toolbox.registerProvider({ name: "test", resolve: (spec) => functions[spec.name] });
      for (const name of Object.keys(functions))
        toolbox.registerTool({
          name,
          provider: "test",
          args: [
            { name: "first", type: "any" },
            { name: "second", type: "any", optional: true },
          ],
          gradeW: 0,
          effectsCeiling: 0,
        });
    },
  });
  return { lackpy, received };
}

function expectNoSecret(value: unknown): void {
  const text = JSON.stringify(value);
  for (const secret of SECRET_TEXTS) expect(text, `leaked ${secret}`).not.toContain(secret);
}

describe.each(["in-process", "isolated"] as const)(
  "secret params through the service (%s)",
  (mode) => {
    it("gives a kit tool the values and shows markers in the trace", async () => {
      const { lackpy, received } = service(mode);
      const result = await lackpy.runProgram("login(creds.user, creds.key)\nlogin(token)", {
        kit: KIT,
        params: PARAMS,
      });
      expect(result.error).toBeNull();
      expect(result.output).toBe("logged in");
      expect(received).toEqual([["ada-User-Name", "k3y-Value-xyz"], ["private-Notes-7.txt"]]);
      expect(result.trace.map((entry) => entry.args)).toEqual([
        ["[secret:creds.user]", "[secret:creds.key]"],
        ["[secret:token]"],
      ]);
      expect(result.filesRead).toEqual([]);
      expectNoSecret(result);
    });

    it.each(LEAKS)("rejects %s with secret_access", async (_name, source) => {
      const { lackpy, received } = service(mode);
      const result = await lackpy.runProgram(source, { kit: KIT, params: PARAMS });
      expect(result.error?.code).toBe("invalid_program");
      const codes = (result.error?.errors ?? []).map((error) => (error as { code: string }).code);
      expect(codes).toContain("secret_access");
      expect(received).toEqual([]);
      expectNoSecret(result);
    });

    it.each(FILE_TOOL_LEAKS)(
      "rejects %s: the file tools take no secrets, and nothing is written",
      async (_name, source) => {
        const { lackpy } = service(mode);
        const before = await listFiles(root);
        const result = await lackpy.runProgram(source, { kit: FILES_KIT, params: PARAMS });
        expect(result.error?.code).toBe("invalid_program");
        const [first] = (result.error?.errors ?? []) as { code: string; message: string }[];
        expect(first.code).toBe("secret_access");
        expect(first.message).toMatch(/cannot be passed to (read|write|edit|find)_file/);
        expect(result.trace).toEqual([]);
        expect(await listFiles(root)).toEqual(before);
        expectNoSecret(result);
      },
    );

    it("lets the file tools take plain params beside a secret that a kit tool takes", async () => {
      const { lackpy, received } = service(mode);
      const result = await lackpy.runProgram('login(pin)\nread_file("private-Notes-7.txt")', {
        kit: FILES_KIT,
        params: PARAMS,
      });
      expect(result.error).toBeNull();
      expect(result.output).toBe("the notes\n");
      expect(received).toEqual([["Qx7"]]);
    });

    it("redacts a secret in the error of a tool that fails, short ones too", async () => {
      const { lackpy } = service(mode);
      for (const [source, marker] of [
        ["fail(token)", "[secret:token]"],
        ["fail(pin)", "[secret:pin]"],
        ["fail(creds.key)", "[secret:creds.key]"],
      ]) {
        const result = await lackpy.runProgram(source, { kit: KIT, params: PARAMS });
        expect(result.error?.code).toBe("tool_error");
        expect(result.error?.message).toContain(marker);
        expectNoSecret(result);
      }
    });

    it("makes what a tool echoes opaque: the program gets a marker, even for a short secret", async () => {
      const { lackpy } = service(mode);
      const long = await lackpy.runProgram("echo(creds.key)", { kit: KIT, params: PARAMS });
      expect(long.output).toBe("[secret:creds.key]");
      const transformed = await lackpy.runProgram("echo(creds.key).toUpperCase()", {
        kit: KIT,
        params: PARAMS,
      });
      expect(transformed.error?.code).toBe("secret_access");
      const short = await lackpy.runProgram("echo(pin)", { kit: KIT, params: PARAMS });
      expect(short.output).toBe("[secret:pin]");
      for (const result of [long, transformed, short]) expectNoSecret(result);
    });

    it("delegates: a model program that prints a secret is corrected with the rule", async () => {
      const contexts: GenerationContext[] = [];
      const answers = ["print(token)\nlogin(token)", "login(token)"];
      const model: Provider = {
        name: "scripted",
        tier: "ollama",
        retries: true,
        available: async () => true,
        generate: async (_intent, context) => {
          contexts.push(context);
          return { raw: answers[contexts.length - 1] ?? "1", model: "scripted-1" };
        },
      };
      const { lackpy } = service(mode, { scripted: model });
      const result = await lackpy.delegate("read the secret notes", { kit: KIT, params: PARAMS });
      expect(result).toMatchObject({
        success: true,
        program: "login(token)",
        output: "logged in",
      });
      expect(contexts[0].params.token).toEqual({ type: "string", secret: true });
      expect(contexts[1].feedback?.errors[0]).toMatchObject({
        code: "secret_access",
        hint: "pass token directly as an argument of a kit tool, e.g. login(token)",
      });
      expect(result.trace).toMatchObject([{ args: ["[secret:token]"] }]);
      expectNoSecret(result);
      expectNoSecret(contexts);
    });
  },
);

describe("resolveParams", () => {
  it("names the secrets and collects their texts, every field of an object, longest first", () => {
    const resolved = resolveParams(PARAMS, KIT);
    expect(resolved.secretNames).toEqual(["token", "pin", "creds"]);
    expect(resolved.secrets).toEqual([
      '{"user":"ada-User-Name","key":"k3y-Value-xyz"}',
      "private-Notes-7.txt",
      "ada-User-Name",
      "k3y-Value-xyz",
    ]);
    expect(resolved.specs.creds).toEqual({ type: "object", secret: true });
    expect(resolved.values.pin).toBe("Qx7");
    expect(redactSecrets({ a: ["x k3y-Value-xyz y"] }, resolved.secrets)).toEqual({
      a: ["x [redacted] y"],
    });
  });
});
