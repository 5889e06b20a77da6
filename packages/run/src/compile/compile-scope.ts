/**
 * Lexical scopes at compile time. Every name a program declares is resolved once, when the
 * program is compiled, to a slot in a runtime frame (an array whose slot 0 is the enclosing
 * frame). Frames are made only where a binding must be fresh each time: the program, each arrow
 * call, and each iteration of a `for…of` or C-style `for` that contains an arrow (closures made
 * in different iterations must not share a variable). Block and other loop scopes get slots in the frame
 * around them, reset to uninitialized when the block is entered (the temporal dead zone).
 */
import type { Node } from "@lackpy/lang";

/** A `let`/`const` slot between the scope's entry and its declaration: reading it is an error. */
export const UNINITIALIZED: unique symbol = Symbol("uninitialized");
/** A top-level name created by assignment, before its first assignment: reading it is an error, never a builtin. */
export const UNSET: unique symbol = Symbol("unset");

/** A runtime frame: slot 0 is the enclosing frame (or null), the rest are bindings. */
export type Frame = unknown[];

/** The shape of one kind of runtime frame: how many slots and what each starts as. */
export class FrameLayout {
  private readonly initial: unknown[] = [null];

  constructor(readonly parent: FrameLayout | null) {}

  /** Adds a slot and returns its index. */
  allocate(initial: typeof UNINITIALIZED | typeof UNSET = UNINITIALIZED): number {
    this.initial.push(initial);
    return this.initial.length - 1;
  }

  /** A new frame of this layout under `parent`. */
  create(parent: Frame | null): Frame {
    const frame = this.initial.slice();
    frame[0] = parent;
    return frame;
  }

  /** Frames between this layout and an enclosing one (0 when it is this one). */
  hopsTo(target: FrameLayout): number {
    if (target === this) return 0;
    if (!this.parent) throw new Error("internal: a binding outside its frame");
    return 1 + this.parent.hopsTo(target);
  }
}

/** A declared name: its slot in a frame, and whether it may be reassigned. */
export interface Binding {
  readonly name: string;
  readonly layout: FrameLayout;
  readonly slot: number;
  readonly kind: "const" | "let" | "cell";
}

/** One lexical scope: the program, a block, a loop head or an arrow's parameters. */
export class LexicalScope {
  readonly names = new Map<string, Binding>();

  constructor(
    readonly parent: LexicalScope | null,
    readonly layout: FrameLayout,
    /** True for an arrow's scope: a `return` inside it (and in its blocks) returns from the arrow. */
    readonly isFunction = false,
  ) {}

  /** True when this scope is an arrow's or inside one. */
  insideFunction(): boolean {
    return this.isFunction || (this.parent?.insideFunction() ?? false);
  }

  /** Declares a name in this scope (once; a second declaration returns the first binding). */
  declare(name: string, kind: "const" | "let"): Binding {
    const existing = this.names.get(name);
    if (existing) return existing;
    const binding: Binding = { name, layout: this.layout, slot: this.layout.allocate(), kind };
    this.names.set(name, binding);
    return binding;
  }

  /** The nearest declaration of a name, in this scope or an enclosing one. */
  lookup(name: string): Binding | undefined {
    const binding = this.names.get(name);
    if (binding) return binding;
    return this.parent?.lookup(name);
  }

  /** Declares the `let`/`const` names of a statement list here (hoisting), and returns their slots. */
  hoist(statements: readonly Node[]): number[] {
    const slots: number[] = [];
    for (const statement of statements) {
      if (statement?.type !== "VariableDeclaration") continue;
      const kind = statement.kind === "const" ? "const" : "let";
      for (const declarator of statement.declarations ?? [])
        for (const name of patternNames(declarator.id)) slots.push(this.declare(name, kind).slot);
    }
    return slots;
  }
}

/** The names a binding pattern declares. */
export function patternNames(node: Node | null | undefined): string[] {
  if (!node) return [];
  switch (node.type) {
    case "Identifier":
      return [node.name];
    case "ObjectPattern":
      return node.properties.flatMap((property: Node) =>
        patternNames(property.type === "RestElement" ? property.argument : property.value),
      );
    case "ArrayPattern":
      return node.elements.flatMap((element: Node | null) => patternNames(element));
    case "AssignmentPattern":
      return patternNames(node.left);
    case "RestElement":
      return patternNames(node.argument);
    default:
      return [];
  }
}

/** The frame `hops` levels up from `frame`. */
export function frameAt(frame: Frame, hops: number): Frame {
  let current = frame;
  for (let index = 0; index < hops; index++) current = current[0] as Frame;
  return current;
}
