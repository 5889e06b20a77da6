/**
 * The state of one validator walk: a symbol table, errors and results. Each distinct name of
 * the program has one `NameState` holding what the name is predefined as, its innermost
 * declaration in scope (linked to the ones it shadows) and whether it is a cell (assigned
 * without a declaration), so resolving an identifier is a single map lookup, and scopes
 * allocate nothing but their declarations. The walk's files
 * (`check-*.ts`) are functions of this state; `program-checker.ts` supplies `visit`.
 */
import { MAX_SYNTAX_DEPTH } from "../spec/default-limits.js";
import type { Node } from "../parse/parse-program.js";
import { LineIndex } from "../parse/source-position.js";
import {
  nearestName,
  type PredefinedName,
  type PredefinedNames,
} from "../names/predefined-names.js";
import type { ValidationError, ValidationErrorCode } from "../types.js";
import { scanTree } from "../parse/walk.js";

/** A `let`/`const` declaration in scope (arrow parameters count as `let`), linked to the one it shadows. */
export interface Binding {
  readonly kind: "const" | "let";
  /** The identifier that declares it (for messages). */
  readonly node: Node;
  /** The declaration of the same name in an enclosing scope. */
  readonly outer: Binding | undefined;
}

/** What a name or expression is used for where it appears; the rules of language.md §3-5 differ by role. */
export type Role = "read" | "callee" | "member-object" | "callback" | "tool-argument" | "typeof";

/** Everything the walk knows about one name of the program. */
export interface NameState {
  readonly name: string;
  /** What the name is when no variable shadows it (forbidden names have kind `forbidden`). */
  readonly predefined: PredefinedName | undefined;
  /** The innermost declaration in scope here. */
  binding: Binding | undefined;
  /** The first assignment that made it a cell, a top-level variable of the whole program. */
  cell: Node | undefined;
  /** The walk resolved it as not being a variable; if it becomes a cell later, the walk must run again. */
  assumedNotCell: boolean;
  /** Listed in `variables` already. */
  listed: boolean;
  /** Listed in `toolsUsed` already. */
  usedAsTool: boolean;
}

/**
 * "Did you mean …" suggestions computed per walk: each is an edit-distance search over the
 * candidate names, so a program full of unknown names (a 1 MiB one has hundreds of thousands)
 * must not pay one per error. Later errors get the generic hint.
 */
export const MAX_SUGGESTIONS = 20;

/** Tools the kit lacks, with the kits that have them, and how to tell the caller to switch (`ValidateOptions.otherKits`). */
export interface OtherKits {
  /** Tool name to the kits that have it. */
  readonly kits: Readonly<Record<string, readonly string[]>>;
  /** The hint, with `{kit}` standing for the first kit's name. */
  readonly hint: string;
}

/** Thrown through the walk when syntax is nested deeper than `MAX_SYNTAX_DEPTH`; carries the first node past it. */
export class TooDeep {
  constructor(readonly node: Node) {}
}

/** Errors, results and scopes of one walk over a program; the subclass in `program-checker.ts` supplies `visit`. */
export abstract class CheckState {
  readonly errors: ValidationError[] = [];
  readonly calls: string[] = [];
  readonly variables: string[] = [];
  /** Kit tools the program may call, in order of first use. */
  readonly toolsUsed: string[] = [];
  /** Names assigned without a declaration (cell semantics), with their first assignment. */
  readonly cells: Map<string, Node>;
  private readonly knownCells: ReadonlyMap<string, Node> | undefined;
  /** Reads of names that were neither predefined nor variables, with the declared names in scope then: `unknown_name` once every cell is known. */
  readonly unresolvedReads: { node: Node; declared: string[] }[] = [];
  /** Set when a name resolved earlier turned out to be a cell assigned further on. */
  needsSecondWalk = false;
  /** Nesting level of the node being visited (the Program is level 1). */
  depth = 1;
  /** Suggestions this walk may still compute (`MAX_SUGGESTIONS`). */
  private suggestionsLeft = MAX_SUGGESTIONS;
  /** Number of open scopes inside the program's own (0 at the top level). */
  scopeDepth = 0;
  /** Number of block-bodied arrows the walk is inside (`return` is allowed only when above 0). */
  functionDepth = 0;
  private readonly symbols = new Map<string, NameState>();
  private lines: LineIndex | undefined;
  /** The names declared in the open scopes, in order (entries past `declaredCount` are stale). */
  private readonly declared: NameState[] = [];
  private declaredCount = 0;
  /** Where each open scope starts in `declared`. */
  private readonly scopeStarts: number[] = [];

  constructor(
    readonly source: string,
    readonly names: PredefinedNames,
    program: Node,
    knownCells?: ReadonlyMap<string, Node>,
    readonly otherKits?: OtherKits,
  ) {
    this.knownCells = knownCells;
    this.cells = new Map();
    this.declareStatements(program.body);
  }

  /** Enters a node, checks it in its role and leaves it: the recursion of every check. */
  abstract visit(node: Node | null | undefined, role: Role): void;

  /** The state of a name, created on first use. */
  symbol(name: string): NameState {
    let state = this.symbols.get(name);
    if (state === undefined) {
      state = {
        name,
        predefined: this.names.get(name),
        binding: undefined,
        cell: this.knownCells?.get(name),
        assumedNotCell: false,
        listed: false,
        usedAsTool: false,
      };
      this.symbols.set(name, state);
    }
    return state;
  }

  /**
   * True when the name is a variable here: declared in an enclosing scope, or a cell. A `false`
   * for a name that a cell assignment could still claim is remembered (see `needsSecondWalk`).
   */
  isVariable(symbol: NameState): boolean {
    if (symbol.binding !== undefined || symbol.cell !== undefined) return true;
    if (symbol.predefined === undefined || symbol.predefined.shadowable)
      symbol.assumedNotCell = true;
    return false;
  }

  /** Makes a name a cell at its first assignment. */
  addCell(symbol: NameState, node: Node): void {
    if (!this.cells.has(symbol.name)) this.cells.set(symbol.name, symbol.cell ?? node);
    if (symbol.cell !== undefined) return;
    symbol.cell = node;
    // An earlier use took this name for a helper, a global or an unknown name: judge it again.
    if (symbol.assumedNotCell) this.needsSecondWalk = true;
  }

  /** The nearest candidate to a mistyped name, while the walk's suggestion budget lasts. */
  suggest(name: string, candidates: () => Iterable<string>): string | undefined {
    if (this.suggestionsLeft <= 0) return undefined;
    this.suggestionsLeft--;
    return nearestName(name, candidates());
  }

  /** True while an unknown read still gets a suggestion, so it keeps the names in scope. */
  get suggesting(): boolean {
    return this.unresolvedReads.length < MAX_SUGGESTIONS;
  }

  /** Every declared name in scope here, for suggestions. */
  declaredInScope(): string[] {
    const names: string[] = [];
    for (const symbol of this.symbols.values()) if (symbol.binding) names.push(symbol.name);
    return names;
  }

  /** Notes a kit tool the program may call, once, in order of first use. */
  useTool(symbol: NameState): void {
    if (symbol.usedAsTool) return;
    symbol.usedAsTool = true;
    this.toolsUsed.push(symbol.name);
  }

  /** Notes a top-level binding of the program, once, in order of first appearance. */
  addVariable(symbol: NameState): void {
    if (symbol.listed) return;
    symbol.listed = true;
    this.variables.push(symbol.name);
  }

  /** Opens a block, loop or arrow scope (a `TooDeep` abandons the whole walk, so no unwinding is needed). */
  openScope(): void {
    this.scopeStarts.push(this.declaredCount);
    this.scopeDepth++;
  }

  /** Closes the scope opened last: its declarations go out of scope. */
  closeScope(): void {
    const start = this.scopeStarts.pop()!;
    for (let index = this.declaredCount - 1; index >= start; index--) {
      const symbol = this.declared[index];
      symbol.binding = symbol.binding!.outer;
    }
    this.declaredCount = start;
    this.scopeDepth--;
  }

  /** Declares the `let`/`const` names of a statement list in the current scope: they are visible in the whole block, as in JavaScript. */
  declareStatements(statements: readonly Node[]): void {
    for (let index = 0; index < statements.length; index++) {
      const statement = statements[index];
      if (statement.type !== "VariableDeclaration") continue;
      // A rejected `var` still binds its names, so one mistake is reported once, not at every use.
      const kind = statement.kind === "const" ? "const" : "let";
      const declarators = statement.declarations;
      for (let item = 0; item < declarators.length; item++)
        this.declarePattern(declarators[item].id, kind);
    }
  }

  /** Declares every name a binding pattern binds in the current scope. */
  declarePattern(pattern: Node | null, kind: "const" | "let"): void {
    if (!pattern) return;
    switch (pattern.type) {
      case "Identifier": {
        const symbol = this.symbol(pattern.name);
        symbol.binding = { kind, node: pattern, outer: symbol.binding };
        this.declared[this.declaredCount++] = symbol;
        return;
      }
      case "ObjectPattern":
        for (let index = 0; index < pattern.properties.length; index++) {
          const property = pattern.properties[index];
          this.declarePattern(
            property.type === "RestElement" ? property.argument : property.value,
            kind,
          );
        }
        return;
      case "ArrayPattern":
        for (let index = 0; index < pattern.elements.length; index++)
          this.declarePattern(pattern.elements[index], kind);
        return;
      case "AssignmentPattern":
        return this.declarePattern(pattern.left, kind);
      case "RestElement":
        return this.declarePattern(pattern.argument, kind);
    }
  }

  /** Line and column of a source offset (the AST may have no locations). */
  position(offset: number): { line: number; column: number } {
    return (this.lines ??= new LineIndex(this.source)).position(offset);
  }

  /** Records an error at a node, or at the first token at or after a source offset. */
  report(code: ValidationErrorCode, node: Node | number, message: string, hint?: string): void {
    const position = this.position(
      typeof node === "number" ? firstToken(this.source, node) : node.start,
    );
    this.errors.push({
      code,
      message,
      line: position.line,
      column: position.column,
      ...(hint ? { hint } : {}),
    });
  }

  /** Enters a node one level deeper; throws `TooDeep` past the limit. Pair with `leave`. */
  enter(node: Node): void {
    if (++this.depth > MAX_SYNTAX_DEPTH) throw new TooDeep(node);
  }

  /** Leaves the node entered last. */
  leave(): void {
    this.depth--;
  }

  /**
   * Bounds the subtree of the entered node when the walk does not descend into it (a rejected
   * construct), so `too_deep` is judged on the whole tree, as the spec's depth measure says.
   */
  skip(node: Node): void {
    const deepest = scanTree(node, MAX_SYNTAX_DEPTH - this.depth + 1);
    if (deepest) throw new TooDeep(deepest);
  }

  /** Enters a child the walk does not check, bounds its depth and leaves it. */
  skipChild(node: Node): void {
    this.enter(node);
    this.skip(node);
    this.leave();
  }
}

/** The offset of the first character at or after `offset` that is not white space or `)`. */
function firstToken(source: string, offset: number): number {
  let index = offset;
  while (index < source.length && /[\s)]/.test(source[index])) index++;
  return index;
}
