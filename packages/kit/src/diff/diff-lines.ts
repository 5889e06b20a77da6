/**
 * A line diff by Myers' greedy algorithm ("An O(ND) Difference Algorithm", 1986): the shortest
 * edit script turning `before` into `after` is a shortest path through the edit graph, found by
 * extending, for each number of edits D = 0, 1, 2, …, the furthest-reaching path on every
 * diagonal k = x − y. The common prefix and suffix are taken off first, so the work depends on the
 * changed middle only. The work is bounded: past `maxWork` steps (diagonals tried plus lines
 * compared) the search stops and the changed middle is reported as removed and added whole, which
 * is still a correct diff, only not the shortest. Within each run of changes, removed lines come
 * before added ones, as `diff -u` and `git diff` print them.
 */

/** One line of an edit script: kept (`=`), removed from before (`-`) or added in after (`+`). */
export interface LineEdit {
  kind: "=" | "-" | "+";
  line: string;
}

/** Steps the search takes before it gives up on the shortest diff of the changed middle. */
export const MAX_DIFF_WORK = 4_000_000;

/** The edit script from `before` to `after`, lines compared exactly (terminators included). */
export function diffLines(
  before: readonly string[],
  after: readonly string[],
  options: { maxWork?: number } = {},
): LineEdit[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let beforeEnd = before.length;
  let afterEnd = after.length;
  while (beforeEnd > start && afterEnd > start && before[beforeEnd - 1] === after[afterEnd - 1]) {
    beforeEnd--;
    afterEnd--;
  }
  const removed = before.slice(start, beforeEnd);
  const added = after.slice(start, afterEnd);
  const middle = shortestEdits(removed, added, options.maxWork ?? MAX_DIFF_WORK) ?? [
    ...removed.map((line): LineEdit => ({ kind: "-", line })),
    ...added.map((line): LineEdit => ({ kind: "+", line })),
  ];
  return [
    ...before.slice(0, start).map((line): LineEdit => ({ kind: "=", line })),
    ...removalsFirst(middle),
    ...before.slice(beforeEnd).map((line): LineEdit => ({ kind: "=", line })),
  ];
}

/**
 * Myers' forward search with the furthest x of each diagonal kept per D (only diagonals −D…D,
 * so the kept state is O(D²)), then a walk back from the end. Null when over `maxWork`.
 */
function shortestEdits(
  a: readonly string[],
  b: readonly string[],
  maxWork: number,
): LineEdit[] | null {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0)
    return [
      ...a.map((line): LineEdit => ({ kind: "-", line })),
      ...b.map((line): LineEdit => ({ kind: "+", line })),
    ];
  // furthest[k + offset] is the furthest x reached on diagonal k.
  const offset = n + m + 1;
  const furthest = new Int32Array(2 * offset + 1);
  furthest[offset + 1] = 0;
  const trace: { low: number; values: Int32Array }[] = [];
  let work = 0;
  for (let d = 0; d <= n + m; d++) {
    // The state before this round, for diagonals −d−1 … d+1 (read by the walk back).
    trace.push({ low: -d - 1, values: furthest.slice(offset - d - 1, offset + d + 2) });
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && furthest[offset + k - 1] < furthest[offset + k + 1]);
      let x = down ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
        work++;
      }
      furthest[offset + k] = x;
      if (++work > maxWork) return null;
      if (x >= n && y >= m) return walkBack(a, b, trace);
    }
  }
  return null;
}

/** The edit script of the path the search found, read backwards from (n, m). */
function walkBack(
  a: readonly string[],
  b: readonly string[],
  trace: readonly { low: number; values: Int32Array }[],
): LineEdit[] {
  const edits: LineEdit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const { low, values } = trace[d];
    const at = (k: number) => values[k - low];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      edits.push({ kind: "=", line: a[x - 1] });
      x--;
      y--;
    }
    if (d > 0) {
      if (down) edits.push({ kind: "+", line: b[y - 1] });
      else edits.push({ kind: "-", line: a[x - 1] });
    }
    x = previousX;
    y = previousY;
  }
  return edits.reverse();
}

/** The same script with each run of changes reordered: its removed lines, then its added lines. */
function removalsFirst(edits: readonly LineEdit[]): LineEdit[] {
  const ordered: LineEdit[] = [];
  let added: LineEdit[] = [];
  for (const edit of edits) {
    if (edit.kind === "+") added.push(edit);
    else if (edit.kind === "-") ordered.push(edit);
    else {
      ordered.push(...added, edit);
      added = [];
    }
  }
  return [...ordered, ...added];
}
