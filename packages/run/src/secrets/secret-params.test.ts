import { validateProgram } from "@lackpy/lang";
import { afterAll, describe, expect, it } from "vitest";
import {
  ALLOWED_SECRET_RUNS,
  FILE_TOOL_SPECS,
  MARKED_SECRET_RUNS,
  REFUSED_SECRET_RUNS,
  SECRET_NAMES,
  SECRET_PARAMS,
  SECRET_TEXTS,
  SECRET_TOOL_SPECS,
  TOOL_REFUSED_SECRET_RUNS,
  memoryFileTools,
  secretTools,
} from "../__fixtures__/secret-cases.js";
import { closeChildPool, run } from "../node.js";
import type { RunResult } from "../run-result.js";

afterAll(() => closeChildPool());

const MODES = ["in-process", "isolated"] as const;

function options(mode: (typeof MODES)[number], tools = secretTools().tools) {
  return {
    tools,
    toolSpecs: SECRET_TOOL_SPECS,
    params: SECRET_PARAMS,
    secretParams: SECRET_NAMES,
    mode,
  };
}

/** The secret tools and the in-memory file tools together, and what each holds. */
function withFiles(mode: (typeof MODES)[number]) {
  const secret = secretTools();
  const files = memoryFileTools();
  return {
    received: secret.received,
    files: files.files,
    options: {
      ...options(mode, { ...secret.tools, ...files.tools }),
      toolSpecs: [...SECRET_TOOL_SPECS, ...FILE_TOOL_SPECS],
    },
  };
}

/** The program validated without its secrets marked: the interpreter alone must hold the line. */
function unchecked(source: string, tools = SECRET_TOOL_SPECS) {
  const { program, validation } = validateProgram(source, { tools, params: SECRET_NAMES });
  if (!program) throw new Error(`${source}: ${validation.errors[0]?.message}`);
  return program;
}

function expectNoSecret(result: RunResult): void {
  const text = JSON.stringify(result);
  for (const secret of SECRET_TEXTS) expect(text, `leaked ${secret}`).not.toContain(secret);
}

describe.each(MODES)("run with secret params (%s)", (mode) => {
  it.each(ALLOWED_SECRET_RUNS)(
    "passes $name to the tool",
    async ({ source, received, traceArgs }) => {
      const { tools, received: seen } = secretTools();
      const result = await run(source, options(mode, tools));
      expect(result.error).toBeNull();
      expect(seen).toEqual(received);
      expect(result.trace.map((entry) => entry.args)).toEqual(traceArgs);
      expectNoSecret(result);
    },
  );

  it("keeps a secret path out of filesRead", async () => {
    const result = await run('use(token)\nuse("notes.txt")', options(mode));
    expect(result.filesRead).toEqual(["notes.txt"]);
  });

  it.each(REFUSED_SECRET_RUNS)("rejects $name before running", async ({ source, secret }) => {
    const { tools, received } = secretTools();
    const result = await run(source, options(mode, tools));
    expect(result.error?.code).toBe("invalid_program");
    const errors = (result.error?.errors ?? []) as { code: string; message: string }[];
    expect(
      errors.some(
        (error) => error.code === "secret_access" && error.message.includes(`'${secret}'`),
      ),
    ).toBe(true);
    expect(received).toEqual([]);
    expectNoSecret(result);
  });

  it.each(TOOL_REFUSED_SECRET_RUNS)(
    "rejects $name before running: the file tools take no secrets",
    async ({ source, secret, tool }) => {
      const { files, received, options: runOptions } = withFiles(mode);
      const result = await run(source, runOptions);
      expect(result.error?.code).toBe("invalid_program");
      const errors = (result.error?.errors ?? []) as { code: string; message: string }[];
      expect(errors[0]).toMatchObject({ code: "secret_access" });
      expect(errors[0].message).toContain(`'${secret}' cannot be passed to ${tool}`);
      expect([files.size, received]).toEqual([0, []]);
      expectNoSecret(result);
    },
  );

  it("gives the file tools plain params and results of tools that took a secret", async () => {
    const { files, options: runOptions } = withFiles(mode);
    const result = await run('write_file("a.txt", use(token))\nread_file("a.txt")', runOptions);
    expect(result.error).toBeNull();
    expect(result.output).toBe("used");
    expect([...files]).toEqual([["a.txt", "used"]]);
  });

  it("redacts a secret a failing tool echoes in its message and hint, short ones too", async () => {
    for (const [source, marker] of [
      ["fail(token)", "[secret:token]"],
      ["fail(pin)", "[secret:pin]"],
      ["fail(creds.key)", "[secret:creds.key]"],
      ["fail(one)", "[secret:one]"],
    ] as const) {
      const result = await run(source, options(mode));
      expect(result.error).toMatchObject({
        code: "tool_error",
        message: `Tool fail failed: bad input ${marker}`,
        hint: `check ${marker}`,
      });
      expect(result.trace[0].error).toBe(`bad input ${marker}`);
      expectNoSecret(result);
    }
  });

  it("gives the program a marker for what a tool that echoes a secret returns", async () => {
    const result = await run("echo(token)", options(mode));
    expect(result.output).toBe("[secret:token]");
    expect(result.trace[0]).toMatchObject({ args: ["[secret:token]"], result: "[secret:token]" });
    expectNoSecret(result);
  });

  it("refuses a secret name that params does not have (a caller mistake)", async () => {
    await expect(run("1", { ...options(mode), secretParams: ["absent"] })).rejects.toMatchObject({
      code: "invalid_option",
    });
  });
});

describe("run with secret params: the interpreter's own guard", () => {
  it.each(REFUSED_SECRET_RUNS)(
    "refuses $name with secret_access",
    async ({ source, secret, use }) => {
      const { tools, received } = secretTools();
      const result = await run(unchecked(source), options("in-process", tools));
      expect(result.success).toBe(false);
      expect(result.error?.code).toBe("secret_access");
      expect(result.error?.message).toContain(`'${secret}'`);
      expect(result.error?.message).toContain(use);
      expect(result.error?.hint).toBe(
        `pass ${secret} directly as an argument of a kit tool, e.g. tool_name(${secret})`,
      );
      expect(received).toEqual([]);
      expectNoSecret(result);
    },
  );

  it.each(TOOL_REFUSED_SECRET_RUNS)(
    "refuses $name with secret_access before the file tool runs",
    async ({ source, secret, tool }) => {
      const { files, options: runOptions } = withFiles("in-process");
      const result = await run(unchecked(source, runOptions.toolSpecs), runOptions);
      expect(result.success).toBe(false);
      expect(result.error).toMatchObject({ code: "secret_access", tool });
      expect(result.error?.message).toContain(`'${secret}' cannot be passed to ${tool}`);
      expect(result.error?.hint).toBe(
        `pass ${secret} only to a kit tool that takes secrets, e.g. use(${secret}); never write it to a file or use it as a path or pattern`,
      );
      expect(result.trace.filter((entry) => entry.tool === tool)).toEqual([]);
      expect(JSON.stringify([...files])).not.toMatch(new RegExp(SECRET_TEXTS.join("|")));
      expectNoSecret(result);
    },
  );

  it.each(MARKED_SECRET_RUNS)("shows $name as a marker", async ({ source, output, variables }) => {
    const result = await run(unchecked(source), options("in-process"));
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
    if (variables) expect(result.variables).toMatchObject(variables);
    expectNoSecret(result);
  });

  it("gives the tools the values of a program validated without the secrets", async () => {
    const { tools, received } = secretTools();
    const result = await run(unchecked("login(creds.user, pin)"), options("in-process", tools));
    expect(result.error).toBeNull();
    expect(received).toEqual([["ada-User-Name", "Qx7"]]);
  });

  it("places the error where the program used the secret", async () => {
    const result = await run(unchecked('const a = 1\nprint("x" + token)'), options("in-process"));
    expect(result.error).toMatchObject({ code: "secret_access", line: 2, column: 7 });
  });
});
