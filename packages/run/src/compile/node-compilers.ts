/**
 * The table of node compilers: one entry per ESTree node type the validator allows. A test
 * asserts this table and `ALLOWED_NODE_TYPES` match, so the language and the compiler can never
 * drift apart. Nodes that only appear inside a parent (Property, TemplateElement,
 * VariableDeclarator, patterns) are compiled by that parent and refuse to run on their own.
 */
import type { Node } from "@lackpy/lang";
import { compileCall } from "./compile-call.js";
import { compileFor } from "./compile-for.js";
import { compileForOf } from "./compile-for-of.js";
import { compileNew } from "./compile-new.js";
import { compileArrow } from "./compile-arrow.js";
import { compileAssignment, compileUpdate } from "./compile-assignment.js";
import { compileArray, compileObject } from "./compile-collections.js";
import { compileIdentifier, compileLiteral, compileTemplate, refuse } from "./compile-literals.js";
import { compileChain, compileMember } from "./compile-member.js";
import {
  compileAwait,
  compileBinary,
  compileConditional,
  compileLogical,
  compileUnary,
} from "./compile-operators.js";
import {
  compileBlock,
  compileEmpty,
  compileExpressionStatement,
  compileIf,
  compileJump,
  compileReturn,
  compileVariableDeclaration,
} from "./compile-statements.js";
import type { Compiled, Compiler } from "./compiler.js";

/** Compiles one node, recursing into its children through `compiler`. */
export type NodeCompiler = (node: Node, compiler: Compiler) => Compiled;

const insideOnly =
  (parent: string): NodeCompiler =>
  (node) =>
    refuse(node, `${node.type} can only be evaluated inside ${parent}.`);

/** Every node compiler, by node type. */
export const NODE_COMPILERS: Readonly<Record<string, NodeCompiler>> = Object.freeze({
  Program: insideOnly("run"),
  ExpressionStatement: compileExpressionStatement,
  VariableDeclaration: compileVariableDeclaration,
  VariableDeclarator: insideOnly("a declaration"),
  IfStatement: compileIf,
  ForOfStatement: compileForOf,
  ForStatement: compileFor,
  BlockStatement: compileBlock,
  BreakStatement: compileJump,
  ContinueStatement: compileJump,
  ReturnStatement: compileReturn,
  EmptyStatement: compileEmpty,
  Identifier: compileIdentifier,
  Literal: compileLiteral,
  TemplateLiteral: compileTemplate,
  TemplateElement: insideOnly("a template literal"),
  ArrayExpression: compileArray,
  ObjectExpression: compileObject,
  Property: insideOnly("an object literal"),
  SpreadElement: insideOnly("an array, object or call"),
  MemberExpression: compileMember,
  ChainExpression: compileChain,
  CallExpression: compileCall,
  ConditionalExpression: compileConditional,
  LogicalExpression: compileLogical,
  BinaryExpression: compileBinary,
  UnaryExpression: compileUnary,
  UpdateExpression: compileUpdate,
  AssignmentExpression: compileAssignment,
  AwaitExpression: compileAwait,
  ArrowFunctionExpression: compileArrow,
  NewExpression: compileNew,
  ArrayPattern: insideOnly("a declaration or assignment"),
  ObjectPattern: insideOnly("a declaration or assignment"),
  AssignmentPattern: insideOnly("a declaration or assignment"),
  RestElement: insideOnly("a declaration or assignment"),
});

/** The node compilers under the name the tree-walking interpreter's evaluators had. */
export const EVALUATORS = NODE_COMPILERS;
