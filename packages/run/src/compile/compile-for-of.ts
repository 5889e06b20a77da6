import type { Node } from "@lackpy/lang";
import { LexicalScope, patternNames, type Frame } from "./compile-scope.js";
import type { Compiled, Compiler } from "./compiler.js";
import { iterate } from "../builtins/iterate.js";
import { after, forEachInRange, forEachIndex } from "../maybe-async.js";
import type { RunContext } from "../run-context.js";
import { afterBody, loopCompletion, resetSlots } from "./compile-statements.js";
import { RangeValue } from "../values/values.js";

/**
 * `for (const x of items) body`: arrays are read live (items pushed during the loop are visited),
 * ranges lazily, anything else iterable from a snapshot of its items. Each iteration counts a
 * step. The loop runs synchronously until an iteration has to wait or the host is owed a turn.
 */
export function compileForOf(node: Node, compiler: Compiler): Compiled {
  const right = compiler.expression(node.right);
  const ownFrame = compiler.loopNeedsFrame(node);
  const layout = ownFrame ? compiler.newLayout() : compiler.scope.layout;
  const head = new LexicalScope(compiler.scope, layout);
  const declaration: Node | null = node.left.type === "VariableDeclaration" ? node.left : null;
  const kind = declaration?.kind === "const" ? "const" : "let";
  const { bind, body, headSlots } = compiler.within(head, () => {
    const pattern: Node = declaration ? declaration.declarations[0].id : node.left;
    const headSlots = declaration
      ? patternNames(pattern).map((name) => head.declare(name, kind).slot)
      : [];
    return {
      bind: compiler.pattern(pattern, declaration ? kind : "assign"),
      body: compiler.statement(node.body),
      headSlots,
    };
  });
  const reset = ownFrame ? null : resetSlots(headSlots);
  // `for (const x of …)` in a shared frame: binding the fresh name is one store.
  const directSlot =
    !ownFrame &&
    declaration &&
    headSlots.length === 1 &&
    declaration.declarations[0].id.type === "Identifier"
      ? headSlots[0]
      : -1;
  const bindCode = bind.code;
  const bodyCode = body.code;
  const returns = compiler.loopReturns(node);
  const iteration = (
    context: RunContext,
    outer: Frame,
    item: unknown,
    settle: (completion: unknown) => unknown,
  ): unknown => {
    context.step(node);
    if (directSlot >= 0) {
      outer[directSlot] = item;
      const completion = bodyCode(context, outer);
      return completion instanceof Promise ? completion.then(settle) : settle(completion);
    }
    let frame = outer;
    if (ownFrame) frame = layout.create(outer);
    else reset?.(outer);
    const bound = bindCode(context, frame, item);
    const completion =
      bound instanceof Promise
        ? bound.then(() => bodyCode(context, frame))
        : bodyCode(context, frame);
    return completion instanceof Promise ? completion.then(settle) : settle(completion);
  };
  const drive = (
    context: RunContext,
    frame: Frame,
    iterable: unknown,
    settle: (completion: unknown) => unknown,
  ): unknown => {
    if (iterable instanceof RangeValue)
      return forEachInRange(context, iterable, (value) => iteration(context, frame, value, settle));
    const items = Array.isArray(iterable) ? iterable : iterate(context, iterable, node.right);
    return forEachIndex(context, items, (index) => iteration(context, frame, items[index], settle));
  };
  const loop = (context: RunContext, frame: Frame, iterable: unknown): unknown => {
    if (!returns) return drive(context, frame, iterable, afterBody);
    // A `return` in the body ends the loop, and the loop completes with it.
    const { settle, completion } = loopCompletion();
    return after(drive(context, frame, iterable, settle), completion);
  };
  const rightCode = right.code;
  return {
    // A loop may give the host a turn, so it is never synchronous code.
    async: true,
    code: right.async
      ? (context, frame) => {
          context.step(node);
          return after(rightCode(context, frame), (iterable) => loop(context, frame, iterable));
        }
      : (context, frame) => {
          context.step(node);
          return loop(context, frame, rightCode(context, frame));
        },
  };
}
