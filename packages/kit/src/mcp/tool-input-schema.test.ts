import { describe, expect, it } from "vitest";
import { argTypeToJsonSchema, toolInputSchema } from "./tool-input-schema.js";

describe("argTypeToJsonSchema", () => {
  it.each([
    ["string", { type: "string" }],
    ["str", { type: "string" }],
    ["number", { type: "number" }],
    ["float", { type: "number" }],
    ["int", { type: "integer" }],
    ["integer", { type: "integer" }],
    ["boolean", { type: "boolean" }],
    ["bool", { type: "boolean" }],
    ["array", { type: "array" }],
    ["list", { type: "array" }],
    ["object", { type: "object" }],
    ["dict", { type: "object" }],
    ["null", { type: "null" }],
    ["any", {}],
    ["Any", {}],
    ["unknown", {}],
    ["Widget", {}],
    ["string[]", { type: "array", items: { type: "string" } }],
    ["number[][]", { type: "array", items: { type: "array", items: { type: "number" } } }],
    ["list[str]", { type: "array", items: { type: "string" } }],
    ["Array<boolean>", { type: "array", items: { type: "boolean" } }],
    ["string | null", { anyOf: [{ type: "string" }, { type: "null" }] }],
    [
      "(string | number)[]",
      { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
    ],
  ])("maps %j", (type, schema) => {
    expect(argTypeToJsonSchema(type)).toEqual(schema);
  });
});

describe("toolInputSchema", () => {
  it("makes an object schema with descriptions and required arguments", () => {
    expect(
      toolInputSchema({
        name: "t",
        args: [
          { name: "path", type: "string", description: "A path" },
          { name: "n", type: "int", optional: true },
          { name: "tags", type: "string[]" },
        ],
      }),
    ).toEqual({
      type: "object",
      properties: {
        path: { type: "string", description: "A path" },
        n: { type: "integer" },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["path", "tags"],
      additionalProperties: false,
    });
    expect(toolInputSchema({ name: "none" })).toEqual({
      type: "object",
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });
});
