import { describe, expect, it } from "vitest";
import { validate } from "@lackpy/lang";
import { MAX_TYPE_CHARS, jsonSchemaToArgType } from "./json-schema-type.js";
import { mcpResultValue } from "./mcp-result-value.js";
import { callableName, mcpToolGrade, mcpToolSpec } from "./mcp-tool-spec.js";
import { Toolbox } from "../toolbox/toolbox.js";

describe("jsonSchemaToArgType", () => {
  it.each([
    [{ type: "string" }, "string"],
    [{ type: "integer" }, "integer"],
    [{ type: "array", items: { type: "string" } }, "string[]"],
    [{ type: "array" }, "array"],
    [
      { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
      "(string | number)[]",
    ],
    [{ type: ["string", "null"] }, "string | null"],
    [
      { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
      "string | string[]",
    ],
    [{ oneOf: [{ type: "boolean" }, {}] }, "any"],
    [{ enum: ["open", "closed"] }, '"open" | "closed"'],
    [{ type: "string", enum: ["a"] }, '"a"'],
    [{ const: 3 }, "3"],
    [{ enum: Array.from({ length: 9 }, (_, index) => `v${index}`) }, "string"],
    [{ enum: [1, null] }, "number | null"],
    [{ properties: { a: {} } }, "{ a?: any }"],
    [{ type: "object", properties: {} }, "object"],
    [
      {
        type: "object",
        properties: { name: { type: "string" }, size: { type: "integer" } },
        required: ["name"],
      },
      "{ name: string, size?: integer }",
    ],
    [
      {
        type: "array",
        items: {
          type: "object",
          properties: {
            id: { type: "number" },
            labels: {
              type: "array",
              items: {
                type: "object",
                properties: { name: { type: "string" } },
                required: ["name"],
              },
            },
          },
          required: ["id", "labels"],
        },
      },
      "{ id: number, labels: { name: string }[] }[]",
    ],
    [
      { type: ["object", "null"], properties: { ok: { type: "boolean" } }, required: ["ok"] },
      "{ ok: boolean } | null",
    ],
    [
      { type: "object", properties: { "content-type": { type: "string" } } },
      '{ "content-type"?: string }',
    ],
    [
      {
        type: "object",
        properties: { owner: { $ref: "#/$defs/User" } },
        required: ["owner"],
        $defs: {
          User: { type: "object", properties: { login: { type: "string" } }, required: ["login"] },
        },
      },
      "{ owner: { login: string } }",
    ],
    [{ $ref: "#/$defs/Missing" }, "any"],
    [{ $ref: "https://example.test/schema" }, "any"],
    [{ type: "object", additionalProperties: { type: "string" } }, "object"],
    [{}, "any"],
    [true, "any"],
    [
      {
        type: "array",
        items: {
          type: "array",
          items: {
            type: "array",
            items: { type: "array", items: { type: "array", items: { type: "string" } } },
          },
        },
      },
      "array[][][][]",
    ],
  ])("types %j as %s", (schema, type) => {
    expect(jsonSchemaToArgType(schema)).toBe(type);
  });

  it("lists twelve properties and marks the rest", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 14 }, (_, index) => [`p${index}`, { type: "string" }]),
    );
    const type = jsonSchemaToArgType({ type: "object", properties });
    expect(type).toMatch(/^\{ p0\?: string, .*p11\?: string, … \}$/);
    expect(type).not.toContain("p12");
  });

  it("collapses the deepest objects to object until the type fits MAX_TYPE_CHARS", () => {
    const leaf = {
      type: "object",
      properties: Object.fromEntries(
        Array.from({ length: 10 }, (_, index) => [`field_number_${index}`, { type: "string" }]),
      ),
    };
    const schema = {
      type: "object",
      properties: { first: leaf, second: leaf, count: { type: "number" } },
      required: ["count"],
    };
    const type = jsonSchemaToArgType(schema);
    expect(type.length).toBeLessThanOrEqual(MAX_TYPE_CHARS);
    expect(type).toBe("{ first?: object, second?: object, count: number }");
  });

  it("resolves a property's $ref against the root it is given", () => {
    const root = { $defs: { Sort: { enum: ["asc", "desc"] } } };
    expect(jsonSchemaToArgType({ $ref: "#/$defs/Sort" }, { root })).toBe('"asc" | "desc"');
  });

  it("gives an object type the validator judges as an object", () => {
    const type = jsonSchemaToArgType({
      type: "object",
      properties: { query: { type: "string" } },
    });
    const tools = [{ name: "find", args: [{ name: "filter", type }] }];
    expect(validate("find({ query: 'x' })", { tools }).valid).toBe(true);
    expect(validate("find('x')", { tools }).errors[0]).toMatchObject({
      code: "bad_argument_type",
      message: `find's filter must be of type ${type}, not the string "x".`,
    });
  });
});

describe("mcpToolSpec", () => {
  it.each([
    ["create-issue", "create_issue"],
    ["github.search", "github_search"],
    ["2fa", "_2fa"],
    ["ok_name$", "ok_name$"],
    ["héllo wörld", "h_llo_w_rld"],
  ])("makes %s callable as %s", (name, callable) => {
    expect(callableName(name)).toBe(callable);
  });

  it.each([
    [{ readOnlyHint: true }, { gradeW: 1, effectsCeiling: 0 }],
    [
      { readOnlyHint: true, destructiveHint: true },
      { gradeW: 1, effectsCeiling: 0 },
    ],
    [{ destructiveHint: false }, { gradeW: 2, effectsCeiling: 2 }],
    [{ readOnlyHint: false }, { gradeW: 3, effectsCeiling: 3 }],
    [undefined, { gradeW: 3, effectsCeiling: 3 }],
  ])("grades annotations %j", (annotations, grade) => {
    expect(mcpToolGrade({ name: "t", annotations })).toEqual(grade);
  });

  it("maps property names to callable argument names and keeps the originals", () => {
    const spec = mcpToolSpec(
      {
        name: "list-issues",
        description: `${"word ".repeat(100)}\n\nmore`,
        inputSchema: {
          type: "object",
          properties: { "per-page": { type: "integer" }, repo: { type: "string" } },
          required: ["repo"],
        },
      },
      { server: "gh", prefix: "gh_" },
    );
    expect(spec).toMatchObject({
      name: "gh_list_issues",
      providerConfig: { server: "gh", tool: "list-issues", argNames: ["repo", "per-page"] },
      args: [
        { name: "repo", type: "string" },
        { name: "per_page", type: "integer", optional: true },
      ],
      returns: "any",
    });
    expect(spec.description).toHaveLength(301);
    expect(() => new Toolbox().registerTool(spec)).not.toThrow();
  });
});

describe("mcpResultValue", () => {
  it.each([
    [{ structuredContent: { a: 1 }, content: [{ type: "text", text: "ignored" }] }, { a: 1 }],
    [{ content: [{ type: "text", text: '{"b": [1, 2]}' }] }, { b: [1, 2] }],
    [{ content: [{ type: "text", text: "42" }] }, 42],
    [{ content: [{ type: "text", text: "true" }] }, true],
    [{ content: [{ type: "text", text: "plain words" }] }, "plain words"],
    [{ content: [{ type: "text", text: "{not json" }] }, "{not json"],
    [{ content: [{ type: "text", text: "3 files" }] }, "3 files"],
    [{ content: [] }, null],
    [{}, null],
    [
      {
        content: [
          { type: "text", text: "a" },
          { type: "image", mimeType: "image/png", data: "AAAA" },
        ],
      },
      ["a", { type: "image", mimeType: "image/png", chars: 4 }],
    ],
    [
      { content: [{ type: "resource", resource: { uri: "file:///x", text: "body" } }] },
      { type: "resource", uri: "file:///x", text: "body" },
    ],
    [
      { content: [{ type: "resource_link", uri: "file:///y", name: "y" }] },
      { type: "resource_link", uri: "file:///y", name: "y" },
    ],
  ])("turns %j into plain data", (result, value) => {
    expect(mcpResultValue(result)).toEqual(value);
  });

  it.each([
    [{ isError: true, content: [{ type: "text", text: "rate limited" }] }, "rate limited"],
    [
      {
        isError: true,
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      "a\nb",
    ],
    [{ isError: true, content: [] }, "the tool reported an error without a message"],
  ])("throws the server's message for %j", (result, message) => {
    expect(() => mcpResultValue(result)).toThrow(message);
  });
});
