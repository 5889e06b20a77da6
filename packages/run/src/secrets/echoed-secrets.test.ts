import { afterAll, describe, expect, it } from "vitest";
import {
  ECHO_LEAKS,
  ECHO_MARKED,
  ECHO_SECRETS,
  ECHO_SECRET_TEXTS,
  ECHO_TOOL_SPECS,
  echoTools,
} from "../__fixtures__/echo-cases.js";
import { closeChildPool, run } from "../node.js";
import type { RunResult } from "../run-result.js";

afterAll(() => closeChildPool());

const MODES = ["in-process", "isolated"] as const;

/** The echo tools, plus `record` (takes secrets, keeps what it gets) and `store` (takes none). */
function options(mode: (typeof MODES)[number]) {
  const received: unknown[] = [];
  return {
    received,
    options: {
      tools: {
        ...echoTools(),
        record: (value: unknown) => {
          received.push(value);
          return "recorded";
        },
        store: (value: unknown) => {
          received.push(value);
          return "stored";
        },
      },
      toolSpecs: [
        ...ECHO_TOOL_SPECS,
        { name: "record", args: [{ name: "value", type: "any" }], acceptsSecrets: true },
        { name: "store", args: [{ name: "value", type: "any" }], acceptsSecrets: false },
      ],
      params: ECHO_SECRETS,
      secretParams: Object.keys(ECHO_SECRETS),
      mode,
    },
  };
}

/** No secret text anywhere in the result, in any case. */
function expectNoSecret(result: RunResult): void {
  const text = JSON.stringify(result).toLowerCase();
  for (const secret of ECHO_SECRET_TEXTS)
    expect(text, `leaked ${secret}`).not.toContain(secret.toLowerCase());
}

describe.each(MODES)("a secret a tool hands back (%s)", (mode) => {
  it.each(ECHO_LEAKS)("refuses to %s", async (_name, source) => {
    const result = await run(source, options(mode).options);
    expect(result.error?.code).toBe("secret_access");
    expectNoSecret(result);
  });

  it.each(ECHO_MARKED)("shows %s as markers", async (_name, source, output) => {
    const result = await run(source, options(mode).options);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
    expectNoSecret(result);
  });

  it("shows markers in the trace and variables, and names the tool in the error", async () => {
    const result = await run(`const r = field(token)\nconst s = r.value\ns.length`, {
      ...options(mode).options,
    });
    expect(result.output).toBe("[secret:token.length]");
    expect(result.trace[0].result).toEqual({ status: "ok", value: "[secret:token]", count: 1 });
    expect(result.variables).toMatchObject({ r: { value: "[secret:token]" }, s: "[secret:token]" });
    const refused = await run(`upper(token).toLowerCase()`, options(mode).options);
    expect(refused.error?.message).toMatch(
      /^A value tool upper returned contains the secret parameter 'token'/,
    );
    expectNoSecret(result);
  });

  it("gives a tool that takes secrets exactly what the echo returned", async () => {
    const { received, options: runOptions } = options(mode);
    const result = await run(`const r = upper(token)\nrecord(r)`, runOptions);
    expect(result.output).toBe("recorded");
    expect(received).toEqual(["S3CRET-TOKEN-VALUE"]);
    expect(result.trace[1].args).toEqual(["[secret:token]"]);
    expectNoSecret(result);
  });

  it("passes a field of an echoed object on to a tool that takes secrets", async () => {
    const { received, options: runOptions } = options(mode);
    const result = await run(`const r = split(token)\nrecord(r[1])`, runOptions);
    expect(result.error).toBeNull();
    expect(received).toEqual(["s3cret-Token-Value"]);
  });

  it("refuses an echo for a tool that takes no secrets", async () => {
    const { received, options: runOptions } = options(mode);
    const result = await run(`const r = echo(token)\nstore(r)`, runOptions);
    expect(result.error).toMatchObject({ code: "secret_access", tool: "store" });
    expect(received).toEqual([]);
  });

  it("replaces a secret in a tool's error whatever its case", async () => {
    const result = await run(`failing(token)`, options(mode).options);
    expect(result.error).toMatchObject({
      code: "tool_error",
      message: "Tool failing failed: refused [secret:token]",
    });
    expectNoSecret(result);
  });

  it("replaces a secret in a tool's error upper-cased with Turkish rules", async () => {
    const result = await run(`turkishFailing(key)`, options(mode).options);
    expect(result.error).toMatchObject({
      code: "tool_error",
      message: "Tool turkishFailing failed: refused [secret:key]",
    });
    expectNoSecret(result);
  });

  it.each([
    ["a plain result", `upper("hello")`, "HELLO"],
    ["a plain result read and changed", `field("abc").value.toLowerCase()`, "abc"],
    ["text that shares only a part of a secret", `echo("s3cret")`, "s3cret"],
    ["a number that is not the secret", `number("4815")`, 4815],
  ])("keeps %s as plain data", async (_name, source, output) => {
    const result = await run(source, options(mode).options);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(output);
  });
});

describe("a run without secrets", () => {
  it("returns what tools return as plain data", async () => {
    const result = await run(`echo("s3cret-Token-Value").toUpperCase()`, {
      tools: echoTools(),
      toolSpecs: ECHO_TOOL_SPECS,
    });
    expect(result.output).toBe("S3CRET-TOKEN-VALUE");
  });
});
