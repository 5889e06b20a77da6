import { describe, expect, it } from "vitest";
import {
  ALLOWED_SECRET_PROGRAMS,
  REJECTED_SECRET_PROGRAMS,
  TOOL_REFUSED_SECRET_PROGRAMS,
} from "../__fixtures__/secret-programs.js";
import { formatLanguageSpec } from "../spec/format-language-spec.js";
import { languageSpec } from "../spec/language-spec.js";
import type { ToolSpec } from "../types.js";
import { validate, validateProgram } from "../validate/validate-program.js";
import { secretParamNames } from "../validate/validate-options.js";

/** Tools declared like the builtin file tools: they take no secrets. */
const FILE_TOOLS: ToolSpec[] = [
  { name: "read_file", args: [{ name: "path", type: "string" }], acceptsSecrets: false },
  {
    name: "write_file",
    args: [
      { name: "path", type: "string" },
      { name: "content", type: "string" },
    ],
    acceptsSecrets: false,
  },
  {
    name: "edit_file",
    args: [
      { name: "path", type: "string" },
      { name: "old", type: "string" },
      { name: "new", type: "string" },
    ],
    acceptsSecrets: false,
  },
  { name: "find_files", args: [{ name: "pattern", type: "string" }], acceptsSecrets: false },
];

const TOOLS: ToolSpec[] = [
  ...FILE_TOOLS,
  { name: "fetch_page", args: [{ name: "path", type: "string" }] },
  {
    name: "post_page",
    args: [
      { name: "path", type: "string" },
      { name: "content", type: "string" },
    ],
    acceptsSecrets: true,
  },
  {
    name: "login",
    args: [
      { name: "user", type: "any" },
      { name: "key", type: "any", optional: true },
    ],
  },
];

const PARAMS = {
  token: { type: "string", secret: true },
  pin: { type: "string", secret: true },
  creds: { type: "object", secret: true },
  name: { value: "ada", type: "string" },
};

describe("validate: secret parameters", () => {
  it.each(ALLOWED_SECRET_PROGRAMS)("accepts $name", ({ source }) => {
    const result = validate(source, { tools: TOOLS, params: PARAMS });
    expect(result.errors).toEqual([]);
  });

  it.each(REJECTED_SECRET_PROGRAMS)("rejects $name", ({ source, names, use }) => {
    const result = validate(source, { tools: TOOLS, params: PARAMS });
    const secretErrors = result.errors.filter((error) => error.code === "secret_access");
    expect(result.valid).toBe(false);
    expect(secretErrors.map((error) => /'(\w+)'/.exec(error.message)?.[1])).toEqual(names);
    for (const error of secretErrors) {
      const name = /'(\w+)'/.exec(error.message)![1];
      expect(error.hint).toBe(
        `pass ${name} directly as an argument of a kit tool, e.g. fetch_page(${name})`,
      );
      expect(error.line).toBeGreaterThanOrEqual(1);
    }
    if (use) expect(secretErrors[0].message).toContain(use);
  });

  it("accepts every rejected program when the same params are not secret", () => {
    const plain = { token: "t", pin: "p", creds: { user: "u", key: "k" }, name: "ada" };
    for (const { name, source } of REJECTED_SECRET_PROGRAMS) {
      const codes = validate(source, { tools: TOOLS, params: plain }).errors.map((e) => e.code);
      expect(codes, name).not.toContain("secret_access");
    }
  });

  it("names the error, the position and the fix", () => {
    const result = validate('const a = 1\nif (a) print("x" + token)', {
      tools: TOOLS,
      params: PARAMS,
    });
    expect(result.errors).toMatchInlineSnapshot(`
      [
        {
          "code": "secret_access",
          "column": 20,
          "hint": "pass token directly as an argument of a kit tool, e.g. fetch_page(token)",
          "line": 2,
          "message": "The secret parameter 'token' cannot be concatenated: a secret can only be passed directly to a kit tool, and its value is never visible to the program.",
        },
      ]
    `);
  });

  it("names a placeholder tool when the kit has none", () => {
    const [error] = validate("print(token)", { params: PARAMS }).errors;
    expect(error.hint).toBe(
      "pass token directly as an argument of a kit tool, e.g. tool_name(token)",
    );
  });

  it.each(TOOL_REFUSED_SECRET_PROGRAMS)(
    "rejects $name: the tool takes no secrets",
    ({ source, names, tool }) => {
      const result = validate(source, { tools: TOOLS, params: PARAMS });
      const secretErrors = result.errors.filter((error) => error.code === "secret_access");
      expect(result.valid).toBe(false);
      expect(secretErrors.map((error) => /'(\w+)'/.exec(error.message)?.[1])).toEqual(names);
      expect(secretErrors[0].message).toContain(`passed to ${tool}: ${tool} does not take secret`);
      for (const error of secretErrors) {
        const name = /'(\w+)'/.exec(error.message)![1];
        expect(error.hint).toBe(
          `pass ${name} only to a kit tool that takes secrets, e.g. fetch_page(${name}); never write it to a file or use it as a path or pattern`,
        );
      }
    },
  );

  it("accepts every tool-refused program when the same params are not secret", () => {
    const plain = { token: "t", pin: "p", creds: { user: "u", key: "k" }, name: "ada" };
    for (const { name, source } of TOOL_REFUSED_SECRET_PROGRAMS) {
      const codes = validate(source, { tools: TOOLS, params: plain }).errors.map((e) => e.code);
      expect(codes, name).not.toContain("secret_access");
    }
  });

  it("names the tool and the fix when a secret goes to a tool that takes none", () => {
    expect(validate('write_file("a.txt", token)', { tools: TOOLS, params: PARAMS }).errors)
      .toMatchInlineSnapshot(`
        [
          {
            "code": "secret_access",
            "column": 21,
            "hint": "pass token only to a kit tool that takes secrets, e.g. fetch_page(token); never write it to a file or use it as a path or pattern",
            "line": 1,
            "message": "The secret parameter 'token' cannot be passed to write_file: write_file does not take secret values, because what it is given can be read back by the program (a file's content, a listed name, an error).",
          },
        ]
      `);
  });

  it("says to leave the secret out when no tool of the kit takes secrets", () => {
    const refused = validate("read_file(token)", { tools: FILE_TOOLS, params: PARAMS });
    const misused = validate("print(creds.key)", { tools: FILE_TOOLS, params: PARAMS });
    for (const [result, name] of [
      [refused, "token"],
      [misused, "creds"],
    ] as const)
      expect(result.errors.map((error) => error.hint)).toEqual([
        `no tool of this kit takes secret values: leave ${name} out of the program`,
      ]);
  });

  it("keeps validations of the same program apart when only acceptsSecrets differs", () => {
    const takes = [{ name: "read_file", args: [{ name: "path", type: "string" }] }];
    const refuses = [{ ...takes[0], acceptsSecrets: false }];
    expect(validate("read_file(token)", { tools: takes, params: PARAMS }).valid).toBe(true);
    expect(validate("read_file(token)", { tools: refuses, params: PARAMS }).valid).toBe(false);
    expect(validate("read_file(token)", { tools: takes, params: PARAMS }).valid).toBe(true);
  });

  it("treats a tool known by name only as a kit tool", () => {
    expect(
      validate("fetch_page(token)", { allowedNames: ["fetch_page"], params: PARAMS }).valid,
    ).toBe(true);
  });

  it("records the secret params of a validated program", () => {
    const { program } = validateProgram("fetch_page(token)", { tools: TOOLS, params: PARAMS });
    expect(program?.names.secretParams).toEqual(["token", "pin", "creds"]);
  });
});

describe("secretParamNames", () => {
  it("reads secret: true from ParamSpecs only", () => {
    expect(
      secretParamNames({
        a: { value: 1, secret: true },
        b: { secret: true, type: "string" },
        c: { value: 1 },
        d: "plain",
        e: { secret: true, other: 1 },
        f: { secret: "yes" },
      }),
    ).toEqual(["a", "b"]);
    expect(secretParamNames(["a", "b"])).toEqual([]);
    expect(secretParamNames(undefined)).toEqual([]);
  });
});

describe("languageSpec: secrets", () => {
  it("states the rule as data and in the markdown", () => {
    const spec = languageSpec();
    expect(spec.secrets.code).toBe("secret_access");
    expect(spec.secrets.rule).toContain("directly as an argument of a kit tool");
    expect(formatLanguageSpec()).toContain("## Secret parameters");
    expect(Object.isFrozen(spec.secrets.rejected)).toBe(true);
  });
});
