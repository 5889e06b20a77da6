/**
 * Compiles a validated program's syntax tree into closures, once: each node becomes a function
 * of the run context and a frame. Names are resolved here, lexically: declared bindings first,
 * then parameters, kit tools, cells (names the program assigns without declaring them, which
 * never fall back to a builtin), helpers, safe globals and the constructors `Set` and `Map`. Code that cannot reach a tool call is synchronous; only what can wait returns a
 * promise, and only when it had to.
 */
import { FORBIDDEN_NAMES, type Node } from "@lackpy/lang";
import { analyzeProgram, type ProgramAnalysis } from "./analyze-program.js";
import { toolCallable } from "../call-tool.js";
import { compilePattern } from "./compile-pattern.js";
import { refuse } from "./compile-literals.js";
import {
  FrameLayout,
  LexicalScope,
  UNINITIALIZED,
  UNSET,
  type Binding,
  type Frame,
} from "./compile-scope.js";
import type { BindMode, Code, Compiled, Compiler, Resolution } from "./compiler.js";
import { CONSTRUCTOR_IMPLEMENTATIONS } from "../builtins/collections.js";
import { SAFE_GLOBAL_VALUES } from "../builtins/globals.js";
import { HELPER_IMPLEMENTATIONS } from "../builtins/helpers.js";
import { BREAK, CONTINUE } from "../maybe-async.js";
import { NODE_COMPILERS } from "./node-compilers.js";
import type { RunContext } from "../run-context.js";
import { NativeCallable, newObject } from "../values/values.js";

const FORBIDDEN = new Set<string>(FORBIDDEN_NAMES);

/** Each helper as a callback value, built once per process. */
const HELPER_CALLABLES: ReadonlyMap<string, NativeCallable> = new Map(
  Object.entries(HELPER_IMPLEMENTATIONS).map(([name, helper]) => [
    name,
    Object.freeze(new NativeCallable(name, helper)),
  ]),
);

/** A compiled program: runs in any number of runs, one at a time or concurrently. */
export interface CompiledProgram {
  /** Kit tool names, in the order the code numbers them. */
  readonly toolNames: readonly string[];
  /** Parameter names, in the order the code numbers them. */
  readonly paramNames: readonly string[];
  /** True when the program can make a regex: the regex engine must be loaded before it runs. */
  readonly makesRegex: boolean;
  /** A new top-level frame for one run. */
  frame(): Frame;
  /** Runs the program in a top-level frame: its output (a promise of it only when the run had to wait). */
  run(context: RunContext, frame: Frame): unknown;
  /** The top-level variables of a run's frame that hold a value. */
  variables(context: RunContext, frame: Frame): Record<string, unknown>;
}

class ProgramCompiler implements Compiler {
  scope: LexicalScope;
  readonly cells = new Map<string, Binding>();
  private readonly toolIndexes: Map<string, number>;
  private readonly paramIndexes: Map<string, number>;
  private readonly toolCallables: NativeCallable[];

  constructor(
    readonly programScope: LexicalScope,
    private readonly analysis: ProgramAnalysis,
    private readonly cellNames: ReadonlySet<string>,
    toolNames: readonly string[],
    paramNames: readonly string[],
    readonly directArrows: boolean,
  ) {
    this.scope = programScope;
    this.toolIndexes = new Map(toolNames.map((name, index) => [name, index]));
    this.paramIndexes = new Map(paramNames.map((name, index) => [name, index]));
    this.toolCallables = toolNames.map((name, index) => Object.freeze(toolCallable(index, name)));
  }

  expression(node: Node): Compiled {
    // Own keys only: a node type such as "constructor" must not find Object.prototype members.
    const compile = Object.hasOwn(NODE_COMPILERS, node.type) ? NODE_COMPILERS[node.type] : null;
    if (!compile) return refuse(node, `The syntax '${node.type}' cannot be run.`);
    return compile(node, this);
  }

  statement(node: Node): Compiled {
    return this.expression(node);
  }

  pattern(node: Node, mode: BindMode) {
    return compilePattern(node, mode, this);
  }

  resolve(name: string): Resolution {
    if (FORBIDDEN.has(name)) return { kind: "forbidden" };
    const binding = this.scope.lookup(name);
    if (binding)
      return { kind: "binding", binding, hops: this.scope.layout.hopsTo(binding.layout) };
    const param = this.paramIndexes.get(name);
    if (param !== undefined) return { kind: "param", index: param };
    const tool = this.toolIndexes.get(name);
    if (tool !== undefined)
      return { kind: "tool", index: tool, callable: this.toolCallables[tool] };
    if (!this.cellNames.has(name)) return this.builtin(name);
    let cell = this.cells.get(name);
    if (!cell) {
      const layout = this.programScope.layout;
      cell = { name, layout, slot: layout.allocate(UNSET), kind: "cell" };
      this.cells.set(name, cell);
    }
    return { kind: "cell", binding: cell, hops: this.scope.layout.hopsTo(cell.layout) };
  }

  private builtin(name: string): Resolution {
    const helper = HELPER_CALLABLES.get(name);
    if (helper) return { kind: "helper", name, callable: helper };
    if (SAFE_GLOBAL_VALUES.has(name))
      return { kind: "global", value: SAFE_GLOBAL_VALUES.get(name) };
    if (Object.hasOwn(CONSTRUCTOR_IMPLEMENTATIONS, name))
      return { kind: "constructor", name, make: CONSTRUCTOR_IMPLEMENTATIONS[name] };
    return { kind: "unknown" };
  }

  within<T>(scope: LexicalScope, inside: () => T): T {
    const outer = this.scope;
    this.scope = scope;
    try {
      return inside();
    } finally {
      this.scope = outer;
    }
  }

  loopNeedsFrame(node: Node): boolean {
    return this.analysis.loopsWithArrows.has(node);
  }

  loopReturns(node: Node): boolean {
    return this.analysis.loopsWithReturn.has(node);
  }

  newLayout(): FrameLayout {
    return new FrameLayout(this.scope.layout);
  }
}

/**
 * Compiles a program for a run with these tool and parameter names. `cells` are the names the
 * program assigns without declaring them, as the validator found them
 * (`ValidatedProgram.names.cells`); without it, every assigned name that no declaration covers
 * is one. Throws only on syntax trees too deep to compile.
 */
export function compileProgram(
  program: Node,
  options: {
    tools: readonly string[];
    params: readonly string[];
    cells?: readonly string[];
    /** Give arrows of a direct shape their direct form (default true; false only to compare). */
    directArrows?: boolean;
  },
): CompiledProgram {
  const layout = new FrameLayout(null);
  const scope = new LexicalScope(null, layout);
  const statements: Node[] = program.type === "Program" ? program.body : [];
  scope.hoist(statements);
  const topLevel = [...scope.names.values()];
  const analysis = analyzeProgram(program);
  const compiler = new ProgramCompiler(
    scope,
    analysis,
    options.cells ? new Set(options.cells) : analysis.assigned,
    options.tools,
    options.params,
    options.directArrows ?? true,
  );
  const codes: Code[] =
    program.type === "Program"
      ? statements.map((statement) => compiler.statement(statement).code)
      : [compiler.expression(program).code];
  let last = statements.length - 1;
  while (last >= 0 && statements[last].type === "EmptyStatement") last--;
  const keepsOutput = last >= 0 && statements[last].type === "ExpressionStatement";
  const settle = (context: RunContext, index: number, completion: unknown, output: unknown) => {
    if (completion === BREAK || completion === CONTINUE)
      throw context.fault("runtime_error", "break and continue can only be used inside a loop.");
    return keepsOutput && index === last ? completion : output;
  };
  const finish = async (
    context: RunContext,
    frame: Frame,
    from: number,
    pending: Promise<unknown>,
    output: unknown,
  ): Promise<unknown> => {
    output = settle(context, from, await pending, output);
    for (let index = from + 1; index < codes.length; index++) {
      let completion = codes[index](context, frame);
      if (completion instanceof Promise) completion = await completion;
      output = settle(context, index, completion, output);
    }
    return output ?? null;
  };
  const cells = compiler.cells;
  return {
    toolNames: [...options.tools],
    paramNames: [...options.params],
    makesRegex: analysis.makesRegex,
    frame: () => layout.create(null),
    run(context, frame) {
      let output: unknown = null;
      for (let index = 0; index < codes.length; index++) {
        const completion = codes[index](context, frame);
        if (completion instanceof Promise) return finish(context, frame, index, completion, output);
        output = settle(context, index, completion, output);
      }
      return output ?? null;
    },
    variables(context, frame) {
      const variables = newObject();
      for (const binding of topLevel)
        if (frame[binding.slot] !== UNINITIALIZED) variables[binding.name] = frame[binding.slot];
      for (const name of context.cellOrder) variables[name] = frame[cells.get(name)!.slot];
      return variables;
    },
  };
}
