/**
 * Compiles statements. A statement's code returns its completion: BREAK, CONTINUE, a
 * `ReturnCompletion` (in an arrow's block), or anything else for a normal completion (an
 * expression statement returns its value, which the program keeps when it is the last statement).
 */
import type { Node } from "@lackpy/lang";
import { LexicalScope, UNINITIALIZED, type Frame } from "./compile-scope.js";
import type { Compiled, Compiler } from "./compiler.js";
import { truthy } from "../values/display.js";
import { BREAK, CONTINUE, ReturnCompletion, STOP, runSequence, after } from "../maybe-async.js";
import { refuse } from "./compile-literals.js";
import type { RunContext } from "../run-context.js";

/** `expression;` */
export function compileExpressionStatement(node: Node, compiler: Compiler): Compiled {
  const expression = compiler.expression(node.expression);
  const code = expression.code;
  return {
    async: expression.async,
    code: (context, frame) => {
      context.step(node);
      return code(context, frame);
    },
  };
}

/** `const a = 1, [b, c] = xs` (names were hoisted by the enclosing block) */
export function compileVariableDeclaration(node: Node, compiler: Compiler): Compiled {
  const kind = node.kind === "const" ? "const" : "let";
  const declarators = (node.declarations as Node[]).map((declarator) => ({
    init: declarator.init ? compiler.expression(declarator.init) : null,
    bind: compiler.pattern(declarator.id, kind),
  }));
  const isAsync = declarators.some((part) => part.init?.async || part.bind.async);
  if (!isAsync)
    return {
      async: false,
      code: (context, frame) => {
        context.step(node);
        for (let index = 0; index < declarators.length; index++) {
          const { init, bind } = declarators[index];
          bind.code(context, frame, init ? init.code(context, frame) : undefined);
        }
        return undefined;
      },
    };
  const from = (context: RunContext, frame: Frame, index: number): unknown => {
    for (; index < declarators.length; index++) {
      const { init, bind } = declarators[index];
      const value = init ? init.code(context, frame) : undefined;
      const done =
        value instanceof Promise
          ? value.then((ready) => bind.code(context, frame, ready))
          : bind.code(context, frame, value);
      if (done instanceof Promise) {
        const at = index;
        return done.then(() => from(context, frame, at + 1));
      }
    }
    return undefined;
  };
  return {
    async: true,
    code: (context, frame) => {
      context.step(node);
      return from(context, frame, 0);
    },
  };
}

/** `if (test) consequent else alternate` */
export function compileIf(node: Node, compiler: Compiler): Compiled {
  const test = compiler.expression(node.test);
  const consequent = compiler.statement(node.consequent);
  const alternate = node.alternate ? compiler.statement(node.alternate) : null;
  const [testCode, yes] = [test.code, consequent.code];
  const no = alternate?.code;
  const choose = (context: RunContext, frame: Frame, value: unknown) =>
    truthy(value) ? yes(context, frame) : no ? no(context, frame) : undefined;
  return {
    async: test.async || consequent.async || alternate?.async === true,
    code: test.async
      ? (context, frame) => {
          context.step(node);
          return after(testCode(context, frame), (value) => choose(context, frame, value));
        }
      : (context, frame) => {
          context.step(node);
          return choose(context, frame, testCode(context, frame));
        },
  };
}

/** Code that marks a block's `let`/`const` slots uninitialized on entry (their temporal dead zone). */
export function resetSlots(slots: readonly number[]): ((frame: Frame) => void) | null {
  if (slots.length === 0) return null;
  return (frame) => {
    for (let index = 0; index < slots.length; index++) frame[slots[index]] = UNINITIALIZED;
  };
}

/** What a loop body's completion means to the loop's driver: `break` stops it, anything else goes on. */
export const afterBody = (completion: unknown): unknown =>
  completion === BREAK ? STOP : undefined;

/**
 * For a loop that can `return` from the arrow around it: what its body's completions mean to the
 * driver (a return stops it too), and the loop's own completion once the driver is done.
 */
export function loopCompletion(): {
  settle: (completion: unknown) => unknown;
  completion: () => unknown;
} {
  let returned: ReturnCompletion | undefined;
  return {
    settle: (completion) => {
      if (completion instanceof ReturnCompletion) {
        returned = completion;
        return STOP;
      }
      return afterBody(completion);
    },
    completion: () => returned,
  };
}

/** `{ … }` as the body of an if, a loop or an arrow: a new scope whose slots live in the enclosing frame. */
export function compileBlock(node: Node, compiler: Compiler): Compiled {
  const scope = new LexicalScope(compiler.scope, compiler.scope.layout);
  const statements: Node[] = node.body;
  const reset = resetSlots(scope.hoist(statements));
  const compiled = compiler.within(scope, () =>
    statements.map((statement) => compiler.statement(statement)),
  );
  const codes = compiled.map((statement) => statement.code);
  return {
    async: compiled.some((statement) => statement.async),
    code: (context, frame) => {
      context.step(node);
      reset?.(frame);
      return runSequence(codes, context, frame);
    },
  };
}

/** `break` and `continue` complete their statement with a signal the loop reads. */
export function compileJump(node: Node): Compiled {
  const completion = node.type === "BreakStatement" ? BREAK : CONTINUE;
  return {
    async: false,
    code: (context) => {
      context.step(node);
      return completion;
    },
  };
}

/** `;` */
export function compileEmpty(node: Node): Compiled {
  return {
    async: false,
    code: (context) => {
      context.step(node);
      return undefined;
    },
  };
}

/** `return value` in an arrow's block: completes with the value, which the arrow call gives back. */
export function compileReturn(node: Node, compiler: Compiler): Compiled {
  if (!compiler.scope.insideFunction())
    return refuse(node, "return can only be used inside an arrow function's block.");
  const argument = node.argument ? compiler.expression(node.argument) : null;
  const argumentCode = argument?.code;
  return {
    async: argument?.async === true,
    code: (context, frame) => {
      context.step(node);
      const value = argumentCode?.(context, frame);
      return value instanceof Promise
        ? value.then((ready) => new ReturnCompletion(ready))
        : new ReturnCompletion(value);
    },
  };
}
