/** The static check of kit-tool argument types as data (language.md §5), read by the validator, the docs and prompts. */
export interface ArgumentTypeRuleSpec {
  /** The error code of a literal argument that cannot have its declared type. */
  code: "bad_argument_type";
  /** The rule in one sentence. */
  rule: string;
  /** The type names the check understands (lists `T[]` and unions `A | B` of them too); any other type is not checked. */
  types: readonly string[];
}

/** A literal argument of the wrong type is rejected before the program runs; everything else is the tool's to check. */
export const ARGUMENT_TYPE_RULE: ArgumentTypeRuleSpec = Object.freeze({
  code: "bad_argument_type" as const,
  rule: "A literal argument of a kit tool (a string, number, boolean, null, array or object written in the call, as in read_file(42)) must fit the type the tool declares for it; arguments computed by the program are checked by the tool when it runs.",
  types: Object.freeze([
    "string",
    "number",
    "integer",
    "boolean",
    "null",
    "array",
    "object",
    "any",
    "T[]",
    "A | B",
    '"literal"',
    "{ field: T }",
    "str",
    "int",
    "float",
    "bool",
    "list",
    "dict",
  ]),
});
