import type { Node } from "@lackpy/lang";
import { LexicalScope, type Frame } from "./compile-scope.js";
import type { Code, Compiled, Compiler } from "./compiler.js";
import { afterBody, loopCompletion, resetSlots } from "./compile-statements.js";
import { STOP, after, repeat } from "../maybe-async.js";
import type { RunContext } from "../run-context.js";
import { truthy } from "../values/display.js";

/**
 * `for (init; test; update) body`, with JavaScript's per-iteration bindings: the names the first
 * part declares with `let` are copied into a fresh binding for each iteration before the update
 * runs, so an arrow made in one iteration keeps that iteration's values. A fresh frame per
 * iteration is made only when the loop contains an arrow; otherwise the names live in the frame
 * around the loop. Each iteration counts a step (so `for (;;) {}` ends at the step limit), and the
 * loop runs synchronously until something has to wait or the host is owed a turn.
 */
export function compileFor(node: Node, compiler: Compiler): Compiled {
  const ownFrame = compiler.loopNeedsFrame(node);
  const layout = ownFrame ? compiler.newLayout() : compiler.scope.layout;
  const head = new LexicalScope(compiler.scope, layout);
  const declaration: Node | null = node.init?.type === "VariableDeclaration" ? node.init : null;
  const parts = compiler.within(head, () => ({
    headSlots: declaration ? head.hoist([declaration]) : [],
    init: node.init ? compiler.expression(node.init) : null,
    test: node.test ? compiler.expression(node.test) : null,
    update: node.update ? compiler.expression(node.update) : null,
    body: compiler.statement(node.body),
  }));
  const { headSlots } = parts;
  const initCode = parts.init?.code;
  const testCode = parts.test?.code;
  const updateCode = parts.update?.code;
  const bodyCode = parts.body.code;
  const reset = ownFrame ? null : resetSlots(headSlots);
  const returns = compiler.loopReturns(node);

  /** A fresh iteration frame holding the current values of the names the head declares. */
  const nextFrame = (frame: Frame): Frame => {
    const fresh = layout.create(frame[0] as Frame);
    for (let index = 0; index < headSlots.length; index++)
      fresh[headSlots[index]] = frame[headSlots[index]];
    return fresh;
  };

  const loop = (context: RunContext, first: Frame, settle: (completion: unknown) => unknown) => {
    let frame = ownFrame ? nextFrame(first) : first;
    let started = false;
    const runBody = (): unknown => {
      const completion = bodyCode(context, frame);
      return completion instanceof Promise ? completion.then(settle) : settle(completion);
    };
    const check = (): unknown => {
      if (!testCode) return runBody();
      const passed = testCode(context, frame);
      if (passed instanceof Promise)
        return passed.then((value) => (truthy(value) ? runBody() : STOP));
      return truthy(passed) ? runBody() : STOP;
    };
    return repeat(context, () => {
      context.step(node);
      if (!started) started = true;
      else {
        if (ownFrame) frame = nextFrame(frame);
        if (updateCode) {
          const updated = updateCode(context, frame);
          if (updated instanceof Promise) return updated.then(check);
        }
      }
      return check();
    });
  };

  const code: Code = (context, outer) => {
    context.step(node);
    const first = ownFrame ? layout.create(outer) : outer;
    reset?.(outer);
    const begin = () => {
      if (!returns) return loop(context, first, afterBody);
      // A `return` in the body ends the loop, and the loop completes with it.
      const { settle, completion } = loopCompletion();
      return after(loop(context, first, settle), completion);
    };
    const initialised = initCode?.(context, first);
    return initialised instanceof Promise ? initialised.then(begin) : begin();
  };
  // A loop may give the host a turn, so it is never synchronous code.
  return { async: true, code };
}
