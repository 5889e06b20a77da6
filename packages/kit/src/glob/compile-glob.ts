/**
 * Glob matching in time linear in pattern × path, with no regular expression. The pattern is
 * compiled once to a small automaton (a Thompson NFA, see `glob-program.ts`). Matching keeps the
 * set of states the path so far can be in and advances all of them together one character at a
 * time, so no input makes it backtrack: each character costs at most one visit per state.
 *
 * Semantics: `*` matches any run of characters except `/`, `?` one character except `/`, `**`
 * any run of characters including `/`, and `**` followed by `/` also matches nothing at all
 * (`a/**` + `/b` matches `a/b`); `{a,b}` alternates (nesting allowed; a brace without its
 * partner is literal); every other character, `[` included, is literal.
 */
import { compileGlobProgram, SLASH, type GlobInstruction } from "./glob-program.js";

/** The states a partial path can be in; empty when no continuation can match. */
export type GlobState = readonly number[];

/** A compiled glob: test whole paths, or advance a state through a path piece by piece. */
export interface Glob {
  /** The pattern as given. */
  readonly pattern: string;
  /** True when the whole path matches. */
  test(path: string): boolean;
  /** The state before any character. */
  start(): GlobState;
  /** The state after reading `text` from `state`. */
  advance(state: GlobState, text: string): GlobState;
  /** True when the path read so far matches. */
  matches(state: GlobState): boolean;
  /** State visits so far: grows at most by the number of states for each character read. */
  readonly work: number;
  /** Number of states of the automaton (about the pattern's length). */
  readonly size: number;
}

/** Compiles a glob; throws a retriable `ToolError` when the pattern is over a cap (length, brace nesting, brace expansions). */
export function compileGlob(pattern: string): Glob {
  return new Automaton(pattern, compileGlobProgram(pattern));
}

/** The automaton of instructions compiled elsewhere (`.gitignore` patterns), ending in `match`. */
export function globOfProgram(pattern: string, program: readonly GlobInstruction[]): Glob {
  return new Automaton(pattern, program);
}

/** Most transitions an automaton remembers (a lazily built DFA); past it, steps are computed each time. */
const MAX_REMEMBERED_STEPS = 4096;

class Automaton implements Glob {
  work = 0;
  private readonly seen: Float64Array;
  private generation = 0;
  private readonly initial: GlobState;
  /** One frozen array per distinct set of states, so a step from it can be remembered. */
  private readonly sets = new Map<string, GlobState>();
  /** The steps taken so far: from a set of states, by a code unit, to a set of states. */
  private readonly steps = new WeakMap<GlobState, Map<number, GlobState>>();
  private remembered = 0;

  constructor(
    readonly pattern: string,
    private readonly program: readonly GlobInstruction[],
  ) {
    this.seen = new Float64Array(program.length);
    const states: number[] = [];
    this.add(states, 0, ++this.generation);
    this.initial = this.canonical(states);
  }

  get size(): number {
    return this.program.length;
  }

  test(path: string): boolean {
    return this.matches(this.advance(this.initial, path));
  }

  start(): GlobState {
    return this.initial;
  }

  advance(state: GlobState, text: string): GlobState {
    let current = state;
    for (let index = 0; index < text.length && current.length > 0; index++) {
      const code = text.charCodeAt(index);
      // Paths share their folders and suffixes: most steps were taken before.
      let row = this.steps.get(current);
      let next = row?.get(code);
      if (next === undefined) {
        const states = this.step(current, code);
        next = states;
        if (this.remembered < MAX_REMEMBERED_STEPS) {
          next = this.canonical(states);
          if (!row) this.steps.set(current, (row = new Map()));
          row.set(code, next);
          this.remembered++;
        }
      }
      current = next;
    }
    return current;
  }

  /** The one frozen array for this set of states (in the order `add` makes them). */
  private canonical(states: number[]): GlobState {
    const key = states.join(",");
    let known = this.sets.get(key);
    if (!known) this.sets.set(key, (known = Object.freeze(states)));
    return known;
  }

  /** The states after reading one code unit from `current`. */
  private step(current: GlobState, code: number): number[] {
    const next: number[] = [];
    const generation = ++this.generation;
    this.work += current.length;
    for (const at of current) {
      const instruction = this.program[at];
      switch (instruction.op) {
        case "char":
          if (code === instruction.code) this.add(next, at + 1, generation);
          break;
        case "one":
          if (code !== SLASH) this.add(next, at + 1, generation);
          break;
        case "class":
          if (code !== SLASH && inClass(instruction, code)) this.add(next, at + 1, generation);
          break;
        case "star":
          if (code !== SLASH) this.add(next, at, generation);
          break;
        case "anyStar":
          this.add(next, at, generation);
          break;
      }
    }
    return next;
  }

  matches(state: GlobState): boolean {
    return state.includes(this.program.length - 1);
  }

  /** Adds a state and every state reachable from it without reading (splits, jumps, empty stars). */
  private add(states: number[], first: number, generation: number): void {
    const pending = [first];
    while (pending.length > 0) {
      const at = pending.pop()!;
      if (this.seen[at] === generation) continue;
      this.seen[at] = generation;
      const instruction = this.program[at];
      if (instruction.op === "split" || instruction.op === "jump")
        for (let index = instruction.targets!.length - 1; index >= 0; index--)
          pending.push(instruction.targets![index]);
      else {
        states.push(at);
        if (instruction.op === "star" || instruction.op === "anyStar") pending.push(at + 1);
      }
    }
  }
}

/** True when a `class` instruction reads the code unit: in one of its ranges, or in none when negated. */
function inClass(instruction: GlobInstruction, code: number): boolean {
  const ranges = instruction.ranges!;
  let inside = false;
  for (let index = 0; index < ranges.length && !inside; index += 2)
    inside = code >= ranges[index] && code <= ranges[index + 1];
  return inside !== (instruction.negated === true);
}
