import { deserialize, serialize } from "node:v8";
import type { Node } from "@lackpy/lang";
import { describe, expect, it } from "vitest";
import { TOOL_SPECS, testTools } from "../__fixtures__/tools.js";
import { resolveLimits } from "../limits.js";
import { prepareProgram } from "../run-program.js";
import { SecretVault } from "../secrets/secret-vault.js";
import { checkRunRequest } from "./check-run-request.js";
import { isolatedRequest } from "./run-isolated.js";

/** A real run request as the child receives it. */
function request(): Record<string, unknown> {
  const options = { tools: testTools().tools, toolSpecs: TOOL_SPECS, params: { n: 2 } };
  const prepared = prepareProgram(`len(find_files("**/*")) * n`, options);
  if (!("program" in prepared)) throw new Error("the program did not validate");
  const made = isolatedRequest(
    prepared.program,
    options,
    resolveLimits({}),
    new SecretVault({}, []),
  );
  return deserialize(serialize(made)) as Record<string, unknown>;
}

describe("checkRunRequest", () => {
  it("takes the request its host makes", () => {
    const checked = checkRunRequest(request());
    expect("tree" in checked && checked.tree.ast.type).toBe("Program");
  });

  it.each([
    ["program", undefined],
    ["program", { tree: new Uint8Array() }],
    ["toolNames", ["find_files", 1]],
    ["toolSpecs", [null]],
    ["toolSpecs", { key: 0.5, specs: serialize([]) }],
    ["toolSpecs", { key: 1, specs: [] }],
    ["params", null],
    ["secretParams", "token"],
    ["limits", []],
    ["elapsedMs", Number.NaN],
    ["childTools", {}],
  ])("refuses a request whose %s is %j, with a coded error", (field, value) => {
    const message = { ...request(), [field]: value };
    const wrong =
      field === "program" && value !== undefined
        ? "program.key"
        : field === "toolSpecs" && !Array.isArray(value)
          ? `toolSpecs.${(value as { specs: unknown }).specs instanceof Uint8Array ? "key" : "specs"}`
          : field;
    expect(checkRunRequest(message)).toEqual({
      error: {
        code: "invalid_program",
        message: `The isolated run was refused: its host sent a run request whose '${wrong}' is not what it should be.`,
        hint: expect.stringContaining("a fault in lackpy"),
      },
    });
  });

  it.each([
    [{ maxSteps: -1 }, "Limit 'maxSteps' must be a positive number, not -1."],
    [{ maxSteps: "many" }, `Limit 'maxSteps' must be a positive number, not "many".`],
    [{ unheard: 1 }, "Unknown limit 'unheard'."],
  ])("refuses limits %j that are not limits", (limits, reason) => {
    const checked = checkRunRequest({ ...request(), limits });
    expect("error" in checked && checked.error).toMatchObject({
      code: "invalid_program",
      message: `The isolated run was refused: its host sent limits that are not limits (${reason}).`,
    });
  });

  it("walks a tree once per program: a key the child knows skips the walk, never the other checks", () => {
    const message = request();
    const program = message.program as { key: number; tree: Uint8Array };
    const tree = { ast: { type: "Program", body: [] } as unknown as Node, names: {} };
    const kept = {
      tree: (key: number) => (key === program.key ? tree : undefined),
      specs: () => undefined,
    };
    program.tree = serialize({ type: "Program", body: [{ type: "WithStatement" }] });
    expect(checkRunRequest(message, kept)).toMatchObject({ tree });
    expect(checkRunRequest({ ...message, limits: { maxSteps: 0 } }, kept)).toHaveProperty("error");
    expect(checkRunRequest(message)).toHaveProperty("error");
  });

  it("sends a kit's specs as the same bytes per specs list, read once by a child that keeps them", () => {
    const message = request();
    const sent = message.toolSpecs as { key: number; specs: Uint8Array };
    // The same list sends the same key and bytes on every run.
    expect(request().toolSpecs).toEqual(sent);
    const checked = checkRunRequest(message);
    expect("specs" in checked && checked.specs).toEqual(JSON.parse(JSON.stringify(TOOL_SPECS)));
    // A key the child kept takes its specs: the bytes sent are not read again.
    const keptSpecs = [{ name: "kept" }];
    const kept = {
      tree: () => undefined,
      specs: (key: number) => (key === sent.key ? keptSpecs : undefined),
    };
    const unread = { ...sent, specs: new Uint8Array([0xff, 0x0f]) };
    const again = checkRunRequest({ ...message, toolSpecs: unread }, kept);
    expect("specs" in again && again.specs).toBe(keptSpecs);
  });

  it.each([
    ["unreadable bytes", new Uint8Array([0xff, 0x0f, 0x99])],
    ["a record", serialize({})],
    ["a list of numbers", serialize([1])],
  ])("refuses specs that are %s", (_what, specs) => {
    const message = { ...request(), toolSpecs: { key: 99_999, specs } };
    expect(checkRunRequest(message)).toMatchObject({
      error: {
        message: "The isolated run was refused: its host sent tool specs it could not read.",
      },
    });
  });

  it("refuses a program tree it cannot read", () => {
    const message = request();
    (message.program as { tree: Uint8Array }).tree = new Uint8Array([0xff, 0x0f, 0x99]);
    expect(checkRunRequest(message)).toMatchObject({
      error: {
        message: "The isolated run was refused: its host sent a program tree it could not read.",
      },
    });
  });

  it("refuses a program tree of another language", () => {
    const message = request();
    (message.program as { tree: Uint8Array }).tree = serialize({
      type: "Program",
      body: [{ type: "WithStatement", object: null, body: null }],
    });
    const checked = checkRunRequest(message);
    expect("error" in checked && checked.error.message).toBe(
      'The isolated run was refused: its host sent a program tree with the node type "WithStatement".',
    );
  });
});
