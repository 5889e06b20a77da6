/** One variable of the program. */
export interface Binding {
  value: unknown;
  constant: boolean;
  /** False between a `let`/`const` being hoisted and its declaration running (the temporal dead zone). */
  initialized: boolean;
}

/** A lexical scope: the program, a block, a loop iteration or an arrow call. */
export class Scope {
  readonly vars = new Map<string, Binding>();

  constructor(readonly parent: Scope | null) {}

  /** The binding of a name in this scope or an enclosing one. */
  lookup(name: string): Binding | undefined {
    const binding = this.vars.get(name);
    if (binding) return binding;
    return this.parent?.lookup(name);
  }

  /** Declares a name in this scope. */
  declare(name: string, value: unknown, constant: boolean): void {
    this.vars.set(name, { value, constant, initialized: true });
  }
}
