/** Code that reads, assigns and declares bare names, from their compile-time resolution. */
import type { Node } from "@lackpy/lang";
import { UNINITIALIZED, UNSET, frameAt, type Binding, type Frame } from "./compile-scope.js";
import type { Resolution } from "./compiler.js";
import type { RunContext } from "../run-context.js";

/** Reads a name (no step of its own). With `forTypeof`, an unknown name reads as undefined. */
export type NameReader = (context: RunContext, frame: Frame) => unknown;

/** Assigns a name. */
export type NameWriter = (context: RunContext, frame: Frame, value: unknown) => void;

function usedBeforeDeclaration(context: RunContext, node: Node, hint = true) {
  return context.fault(
    "runtime_error",
    `'${node.name}' is used before its declaration.`,
    node,
    hint ? "declare it before this line" : undefined,
  );
}

function usedBeforeAssignment(context: RunContext, node: Node) {
  return context.fault(
    "runtime_error",
    `'${node.name}' is used before it is assigned.`,
    node,
    `assign ${node.name} before this line`,
  );
}

function notAvailable(context: RunContext, node: Node) {
  return context.fault(
    "runtime_error",
    `'${node.name}' is not available in lackpy programs.`,
    node,
  );
}

function slotReader(binding: Binding, hops: number, node: Node): NameReader {
  const slot = binding.slot;
  const check = (context: RunContext, value: unknown) => {
    if (value === UNINITIALIZED) throw usedBeforeDeclaration(context, node);
    return value;
  };
  if (hops === 0) return (context, frame) => check(context, frame[slot]);
  if (hops === 1) return (context, frame) => check(context, (frame[0] as Frame)[slot]);
  return (context, frame) => check(context, frameAt(frame, hops)[slot]);
}

/** Code that reads the name `node` resolved to. */
export function readName(node: Node, resolution: Resolution, forTypeof = false): NameReader {
  switch (resolution.kind) {
    case "binding":
      return slotReader(resolution.binding, resolution.hops, node);
    case "cell": {
      // A cell is a variable of the whole program (language.md §5): before its first assignment
      // it has no value, and never means the helper, safe global or tool of its name.
      const { hops } = resolution;
      const slot = resolution.binding.slot;
      return (context, frame) => {
        const value = frameAt(frame, hops)[slot];
        if (value !== UNSET) return value;
        if (forTypeof) return undefined;
        throw usedBeforeAssignment(context, node);
      };
    }
    case "param": {
      const index = resolution.index;
      return (context) => context.params[index];
    }
    case "tool":
    case "helper": {
      const callable = resolution.callable;
      return () => callable;
    }
    case "global": {
      const value = resolution.value;
      return () => value;
    }
    case "forbidden":
      return (context) => {
        throw notAvailable(context, node);
      };
    case "constructor":
      return (context) => {
        throw context.fault(
          "runtime_error",
          `'${node.name}' can only be called with new, as in new ${node.name}(...).`,
          node,
        );
      };
    case "unknown":
      if (forTypeof) return () => undefined;
      return (context) => {
        throw context.fault(
          "runtime_error",
          `'${node.name}' is not defined.`,
          node,
          "assign it before use",
        );
      };
  }
}

/** Code that assigns the name `node` resolved to (cell semantics: an undeclared name becomes a top-level variable). */
export function assignName(node: Node, resolution: Resolution): NameWriter {
  const name: string = node.name;
  const constant = (context: RunContext) =>
    context.fault(
      "runtime_error",
      `'${name}' is a constant and cannot be reassigned.`,
      node,
      `declare it with let ${name} = ...`,
    );
  switch (resolution.kind) {
    case "binding": {
      const { binding, hops } = resolution;
      if (binding.kind === "const")
        return (context) => {
          throw constant(context);
        };
      const slot = binding.slot;
      return (context, frame, value) => {
        const target = frameAt(frame, hops);
        if (target[slot] === UNINITIALIZED) throw usedBeforeDeclaration(context, node, false);
        target[slot] = value;
      };
    }
    case "cell": {
      const { hops } = resolution;
      const slot = resolution.binding.slot;
      return (context, frame, value) => {
        const target = frameAt(frame, hops);
        if (target[slot] === UNSET) context.cellOrder.push(name);
        target[slot] = value;
      };
    }
    case "param":
      return (context) => {
        throw constant(context);
      };
    case "tool":
      return (context) => {
        throw context.fault(
          "runtime_error",
          `'${name}' is a kit tool and cannot be assigned.`,
          node,
        );
      };
    case "forbidden":
      return (context) => {
        throw notAvailable(context, node);
      };
    default:
      return (context) => {
        throw context.fault("runtime_error", `Cannot assign to '${name}'.`, node);
      };
  }
}

/** Code that initialises a `let`/`const` binding declared in the current frame. */
export function declareName(node: Node, binding: Binding): NameWriter {
  const slot = binding.slot;
  return (context, frame, value) => {
    if (frame[slot] !== UNINITIALIZED)
      throw context.fault("runtime_error", `'${node.name}' is already declared.`, node);
    frame[slot] = value;
  };
}
