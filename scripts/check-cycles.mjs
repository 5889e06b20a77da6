#!/usr/bin/env node
/**
 * Fails on any file-level import cycle in the workspace's TypeScript sources, and on any folder
 * that imports a folder above it.
 *
 * Reads every .ts file under packages/*\/src, apps/*\/src and bench/src, collects its relative
 * imports and re-exports (`import … from "./x.js"`, `import type …`, `export … from`, bare
 * `import "./x.js"` and `import("./x.js")`), resolves them to files, and finds the strongly
 * connected components of the graph (Tarjan). Every component with more than one file, or a
 * file importing itself, is a cycle: one concrete loop through it is printed per component.
 * Type-only imports count: a cycle of types is still two files that cannot be read apart.
 *
 * Folders: inside every folder of a package's `src/`, each child (a file, or a subfolder taken
 * whole) is a room, and room A imports room B when any source file in A imports one in B. The
 * rooms of one folder must stand on floors: no loop of rooms, so a folder never imports a folder
 * (or file) that imports it back. Tests and `__fixtures__` are left out: they consume the rooms.
 * A loop is allowed only when the package README names one of its arrows on a line of the form
 * `` - `A` imports `B` upward: why `` (paths relative to `src/`, folders with a trailing `/`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Source folders to scan, relative to the repository root. */
function sourceRoots() {
  const roots = [];
  for (const group of ["packages", "apps"]) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const source = join(base, name, "src");
      if (existsSync(source)) roots.push(source);
    }
  }
  const bench = join(root, "bench", "src");
  if (existsSync(bench)) roots.push(bench);
  return roots;
}

function listTypeScript(directory, files = []) {
  for (const name of readdirSync(directory)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) listTypeScript(path, files);
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

const IMPORT_PATTERNS = [
  /\b(?:import|export)\b[^;"'`]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g,
  /\bimport\s*["'](\.{1,2}\/[^"']+)["']/g,
  /\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
];

/** Removes comments, so an import shown in a doc comment is not read as one. */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.(m?js)$/, ".ts"), base, `${base}.ts`, join(base, "index.ts")];
  return candidates.find((candidate) => candidate.endsWith(".ts") && existsSync(candidate));
}

function buildGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const text = stripComments(readFileSync(file, "utf8"));
    const targets = new Set();
    for (const pattern of IMPORT_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const target = resolveImport(file, match[1]);
        if (target) targets.add(target);
      }
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Tarjan's strongly connected components, iteratively (no recursion limit on long chains). */
function stronglyConnected(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, position] = frame;
      const edges = graph.get(node) ?? [];
      if (position < edges.length) {
        frame[1]++;
        const target = edges[position];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        const selfLoop = (graph.get(node) ?? []).includes(node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components;
}

/** One loop through a component: a shortest path back to its first file. */
function loopThrough(component, graph) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let step = node; step !== null && step !== start; step = previous.get(step))
          path.splice(1, 0, step);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

function isSourceFile(path) {
  return !path.endsWith(".test.ts") && !path.split(/[\\/]/).includes("__fixtures__");
}

/** Arrows the package README allows upward: `` - `A` imports `B` upward: why ``. */
function allowedUpward(source) {
  const readme = join(dirname(source), "README.md");
  if (!existsSync(readme)) return new Set();
  const allowed = new Set();
  for (const match of readFileSync(readme, "utf8").matchAll(
    /^\s*[-*]\s*`([^`]+)`\s+imports\s+`([^`]+)`\s+upward:/gm,
  ))
    allowed.add(`${match[1]} -> ${match[2]}`);
  return allowed;
}

/** The room of `file` among the children of `folder`: the child file itself, or `child/`. */
function roomOf(folder, file) {
  const rest = relative(folder, file);
  if (rest.startsWith("..")) return null;
  const [first, ...more] = rest.split(/[\\/]/);
  return more.length > 0 ? `${first}/` : first;
}

/** Every folder under `source` whose rooms import each other in a loop, as printable lines. */
function folderCycles(source, graph) {
  const allowed = allowedUpward(source);
  const loops = [];
  const folders = [source];
  for (let index = 0; index < folders.length; index++) {
    const folder = folders[index];
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (name !== "__fixtures__" && statSync(path).isDirectory()) folders.push(path);
    }
    const prefix = relative(source, folder);
    const name = (room) => (prefix ? `${prefix}/${room}` : room).replace(/\\/g, "/");
    const rooms = new Map();
    for (const [from, targets] of graph) {
      if (!isSourceFile(from)) continue;
      const fromRoom = roomOf(folder, from);
      if (!fromRoom) continue;
      if (!rooms.has(fromRoom)) rooms.set(fromRoom, new Set());
      for (const target of targets) {
        const toRoom = roomOf(folder, target);
        if (!toRoom || toRoom === fromRoom || !isSourceFile(target)) continue;
        if (allowed.has(`${name(fromRoom)} -> ${name(toRoom)}`)) continue;
        rooms.get(fromRoom).add(toRoom);
      }
    }
    const roomGraph = new Map([...rooms].map(([room, targets]) => [room, [...targets].sort()]));
    for (const component of stronglyConnected(roomGraph)) {
      const loop = loopThrough(component, roomGraph).map(name);
      loops.push(`${relative(root, source)}: ${loop.join(" -> ")}`);
    }
  }
  return loops;
}

const roots = sourceRoots();
const files = roots.flatMap((directory) => listTypeScript(directory));
const graph = buildGraph(files);
const cycles = stronglyConnected(graph).map((component) => ({
  files: component.map((file) => relative(root, file)).sort(),
  loop: loopThrough(component, graph).map((file) => relative(root, file)),
}));

const folderLoops = roots.flatMap((source) => folderCycles(source, graph));

if (cycles.length === 0 && folderLoops.length === 0) {
  console.log(
    `check-cycles: no import cycles in ${files.length} files, and every folder imports downward.`,
  );
}
if (folderLoops.length > 0) {
  console.error(`check-cycles: ${folderLoops.length} folder(s) import a room above them:`);
  for (const loop of folderLoops) console.error(`  ${loop}`);
  process.exitCode = 1;
}
if (cycles.length > 0) {
  console.error(`check-cycles: ${cycles.length} import cycle(s):`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.loop.join(" -> ")}`);
    if (cycle.files.length > cycle.loop.length - 1)
      console.error(`    (${cycle.files.length} files tied together: ${cycle.files.join(", ")})`);
  }
  process.exitCode = 1;
}
