import type { Node } from "@lackpy/lang";
import { LexicalScope, type Frame } from "./compile-scope.js";
import type { Compiled, Compiler } from "./compiler.js";
import type { RunContext } from "../run-context.js";
import { Closure } from "../values/values.js";
import { ReturnCompletion } from "../maybe-async.js";
import { directArrow } from "./direct-arrow.js";

/** The value an arrow's block gives back: what its `return` carried, or undefined. */
const returned = (completion: unknown): unknown =>
  completion instanceof ReturnCompletion ? completion.value : undefined;

/**
 * `x => body` (a callback): compiled once; each evaluation makes a closure over the current
 * frame. A block body runs as a block in the arrow's frame, and its `return` ends the call.
 */
export function compileArrow(node: Node, compiler: Compiler): Compiled {
  const layout = compiler.newLayout();
  const scope = new LexicalScope(compiler.scope, layout, true);
  const params: Node[] = node.params;
  const { binders, body } = compiler.within(scope, () => {
    const binders = params.map((param) =>
      param.type === "RestElement"
        ? compiler.pattern(param.argument, "let")
        : compiler.pattern(param, "let"),
    );
    const body = compiler.expression(node.body);
    return { binders, body };
  });
  const block = node.body.type === "BlockStatement";
  const restAt = params.findIndex((param) => param.type === "RestElement");
  const simple = binders.every((binder) => !binder.async);
  const bodyCode = body.code;
  const plainParams = simple && restAt < 0;
  const call = (context: RunContext, env: unknown, args: unknown[], callNode: Node): unknown => {
    context.step(callNode);
    const frame = layout.create(env as Frame);
    if (plainParams) {
      // Every parameter binds synchronously: no closure a call (callbacks run once an item).
      for (let index = 0; index < binders.length; index++)
        binders[index].code(context, frame, args[index]);
      if (!block) return bodyCode(context, frame);
      const completion = bodyCode(context, frame);
      return completion instanceof Promise ? completion.then(returned) : returned(completion);
    }
    const bindFrom = (from: number): unknown => {
      for (let index = from; index < binders.length; index++) {
        const value = index === restAt ? args.slice(index) : args[index];
        const done = binders[index].code(context, frame, value);
        if (!simple && done instanceof Promise) return done.then(() => bindFrom(index + 1));
      }
      if (!block) return bodyCode(context, frame);
      const completion = bodyCode(context, frame);
      return completion instanceof Promise ? completion.then(returned) : returned(completion);
    };
    return bindFrom(0);
  };
  const direct = compiler.directArrows ? (directArrow(node) ?? undefined) : undefined;
  return {
    async: false,
    code: (context, frame) => {
      context.step(node);
      return new Closure(call, frame, direct);
    },
  };
}
