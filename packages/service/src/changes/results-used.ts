import { forEachNode, type Node, type ValidatedProgram } from "@lackpy/lang";

/**
 * The tools (by the name the program calls) whose result the program may use: every call that is
 * not a statement of its own, the program's last top-level expression statement (its value is the
 * output), and every mention of the tool that is not a call (`items.map(create_issue)`). A tool
 * only ever called as a statement of its own (`create_issue(title)` on its line, in a loop's
 * block) is not in the set: a dry run can leave such calls out and go on.
 */
export function resultsUsed(program: ValidatedProgram, tools: ReadonlySet<string>): Set<string> {
  const used = new Set<string>();
  const body = (program.ast as Node & { body?: Node[] }).body ?? [];
  const output = [...body].reverse().find((statement) => statement.type === "ExpressionStatement");
  forEachNode(program.ast, (node, ancestors) => {
    if (node.type !== "Identifier") return;
    const name = (node as Node & { name: string }).name;
    if (!tools.has(name)) return;
    const parent = ancestors.at(-1) as (Node & Record<string, unknown>) | undefined;
    // A property name (`x.create_issue`, `{ create_issue: 1 }`) is not the tool.
    if (parent?.type === "MemberExpression" && parent.property === node && !parent.computed) return;
    if (parent?.type === "Property" && parent.key === node && !parent.shorthand) return;
    const call =
      parent?.type === "CallExpression" && (parent as Node & { callee: Node }).callee === node;
    if (!call) return void used.add(name);
    const statement = ancestors.at(-2);
    if (statement?.type !== "ExpressionStatement" || statement === output) used.add(name);
  });
  return used;
}
