/**
 * The contract between the program compiler and the node compilers. A node compiler gets its
 * node and a `Compiler` (the recursion, the current scope and name resolution) and returns code;
 * it never imports the compiler or the run that will execute the code.
 */
import type { Node } from "@lackpy/lang";
import type { Binding, Frame, FrameLayout, LexicalScope } from "./compile-scope.js";
import type { RunContext } from "../run-context.js";
import type { NativeCallable, NativeCode } from "../values/values.js";

/**
 * Compiled code of one node. An expression's code returns its value, a statement's its
 * completion (BREAK, CONTINUE, or anything else for normal completion). Code compiled with
 * `async: false` never returns a promise; `async: true` code returns one only when something it
 * ran really had to wait (a tool, a callback that reached one, or a turn given to the host).
 */
export type Code = (context: RunContext, frame: Frame) => unknown;

/** Code and whether it may return a promise. */
export interface Compiled {
  readonly code: Code;
  readonly async: boolean;
}

/** Compiled binding of a pattern to a value; may return a promise when `async`. */
export type PatternCode = (context: RunContext, frame: Frame, value: unknown) => unknown;

/** Pattern code and whether it may return a promise. */
export interface CompiledPattern {
  readonly code: PatternCode;
  readonly async: boolean;
}

/** How a pattern binds: declares a `const`/`let`, or assigns (cell semantics for undeclared names). */
export type BindMode = "const" | "let" | "assign";

/** What a bare name refers to at a point of the program, in lookup order. */
export type Resolution =
  | { readonly kind: "binding"; readonly binding: Binding; readonly hops: number }
  | { readonly kind: "param"; readonly index: number }
  | { readonly kind: "tool"; readonly index: number; readonly callable: NativeCallable }
  /** A top-level name the program assigns without declaring it: no value before its first assignment. */
  | { readonly kind: "cell"; readonly binding: Binding; readonly hops: number }
  | { readonly kind: "helper"; readonly name: string; readonly callable: NativeCallable }
  | { readonly kind: "global"; readonly value: unknown }
  /** `Set` or `Map`: only the callee of `new`; `make` builds the value from the evaluated arguments. */
  | { readonly kind: "constructor"; readonly name: string; readonly make: NativeCode }
  | { readonly kind: "forbidden" }
  | { readonly kind: "unknown" };

/** What node compilers may ask of the program compiler. */
export interface Compiler {
  /** Compiles an expression (its code counts its own step). */
  expression(node: Node): Compiled;
  /** Compiles a statement (its code counts its own step). */
  statement(node: Node): Compiled;
  /** Compiles a pattern that binds a value. */
  pattern(node: Node, mode: BindMode): CompiledPattern;
  /** Resolves a bare name at the current scope. */
  resolve(name: string): Resolution;
  /** The current lexical scope. */
  readonly scope: LexicalScope;
  /** Compiles `inside` with `scope` as the current scope. */
  within<T>(scope: LexicalScope, inside: () => T): T;
  /** True when the loop contains an arrow function (so each iteration needs its own frame). */
  loopNeedsFrame(node: Node): boolean;
  /** True when the loop's body holds a `return` of the arrow around the loop (which must stop it). */
  loopReturns(node: Node): boolean;
  /** Makes a frame layout under the current one (for arrows and loop iterations). */
  newLayout(): FrameLayout;
  /** True when arrows of a direct shape get their direct form (`direct-arrow.ts`); off only to compare the two. */
  readonly directArrows: boolean;
}
