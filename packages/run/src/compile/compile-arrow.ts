import type { Node } from "@lackpy/lang";
import { LexicalScope, type Frame } from "./compile-scope.js";
import type { Compiled, Compiler } from "./compiler.js";
import type { RunContext } from "../run-context.js";
import { Closure } from "../values/values.js";

/** `x => body` (a callback): compiled once; each evaluation makes a closure over the current frame. */
export function compileArrow(node: Node, compiler: Compiler): Compiled {
  const layout = compiler.newLayout();
  const scope = new LexicalScope(compiler.scope, layout);
  const params: Node[] = node.params;
  const { binders, body } = compiler.within(scope, () => {
    const binders = params.map((param) =>
      param.type === "RestElement"
        ? compiler.pattern(param.argument, "let")
        : compiler.pattern(param, "let"),
    );
    const body = node.body.type === "BlockStatement" ? null : compiler.expression(node.body);
    return { binders, body };
  });
  const restAt = params.findIndex((param) => param.type === "RestElement");
  const simple = binders.every((binder) => !binder.async);
  const bodyCode = body?.code;
  const call = (context: RunContext, env: unknown, args: unknown[], callNode: Node): unknown => {
    context.step(callNode);
    const frame = layout.create(env as Frame);
    const bindFrom = (from: number): unknown => {
      for (let index = from; index < binders.length; index++) {
        const value = index === restAt ? args.slice(index) : args[index];
        const done = binders[index].code(context, frame, value);
        if (!simple && done instanceof Promise) return done.then(() => bindFrom(index + 1));
      }
      if (!bodyCode)
        throw context.fault(
          "runtime_error",
          "An arrow function body must be a single expression.",
          node,
        );
      return bodyCode(context, frame);
    };
    return bindFrom(0);
  };
  return {
    async: false,
    code: (context, frame) => {
      context.step(node);
      return new Closure(call, frame);
    },
  };
}
