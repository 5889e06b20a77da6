/**
 * The tree of `WARM_UP_PROGRAM` as its host would send it (validated, positions left out): an
 * isolated child holds no parser, so its warm-up runs this. `warm-up.test.ts` checks that it is
 * exactly what validating the program gives.
 */
import type { Node } from "@lackpy/lang";

export const WARM_UP_TREE: Node = {
  type: "Program",
  body: [
    {
      type: "VariableDeclaration",
      declarations: [
        {
          type: "VariableDeclarator",
          id: { type: "Identifier", name: "files" },
          init: {
            type: "CallExpression",
            callee: { type: "Identifier", name: "find_files" },
            arguments: [{ type: "Literal", value: "**/*.ts", raw: '"**/*.ts"' }],
            optional: false,
          },
        },
      ],
      kind: "const",
    },
    {
      type: "ExpressionStatement",
      expression: {
        type: "CallExpression",
        callee: {
          type: "MemberExpression",
          object: { type: "Identifier", name: "files" },
          property: { type: "Identifier", name: "map" },
          computed: false,
          optional: false,
        },
        arguments: [
          {
            type: "ArrowFunctionExpression",
            id: null,
            expression: true,
            generator: false,
            async: false,
            params: [{ type: "Identifier", name: "file" }],
            body: {
              type: "CallExpression",
              callee: { type: "Identifier", name: "len" },
              arguments: [
                {
                  type: "CallExpression",
                  callee: { type: "Identifier", name: "read_file" },
                  arguments: [{ type: "Identifier", name: "file" }],
                  optional: false,
                },
              ],
              optional: false,
            },
          },
        ],
        optional: false,
      },
    },
  ],
  sourceType: "script",
} as unknown as Node;
