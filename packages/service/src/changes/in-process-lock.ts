/**
 * One process's queue in front of each file lock (decision 173): of the changes in one process
 * that wait for the same file, only the first polls the lock file; the others wait in memory, in
 * order, and are handed the turn when it lets go. Polling a held lock file costs a process half
 * a dozen system calls an attempt (open, read, the holder's liveness); ten changes of one process
 * racing for a shared file paid that ten times over.
 */

interface Waiter {
  take(): void;
  /** Told the note of each change that holds the turn while this one waits. */
  saw(note: string): void;
}

interface Turn {
  note: string;
  waiting: Waiter[];
}

const turns = new Map<string, Turn>();

/** What waiting for a turn gave: the turn, or (past the deadline) the note of who holds it. */
export type InProcessTurn = { taken: true } | { taken: false; note: string };

/**
 * Takes `key`'s turn in this process for the change `note` names, waiting behind the changes of
 * this process that took it first, until `deadline` (epoch ms). `saw` is told the note of each
 * change this one waited behind.
 */
export async function takeInProcessLock(
  key: string,
  note: string,
  deadline: number,
  saw: (note: string) => void,
): Promise<InProcessTurn> {
  const turn = turns.get(key);
  if (!turn) {
    turns.set(key, { note, waiting: [] });
    return { taken: true };
  }
  saw(turn.note);
  return new Promise<InProcessTurn>((resolve) => {
    const waiter: Waiter = {
      take: () => {
        clearTimeout(timer);
        turn.note = note;
        resolve({ taken: true });
      },
      saw,
    };
    const timer = setTimeout(
      () => {
        turn.waiting.splice(turn.waiting.indexOf(waiter), 1);
        resolve({ taken: false, note: turn.note });
      },
      Math.max(0, deadline - Date.now()),
    );
    turn.waiting.push(waiter);
  });
}

/** Lets `key`'s turn go: to the next change of this process waiting for it, or to nobody. */
export function releaseInProcessLock(key: string): void {
  const turn = turns.get(key);
  if (!turn) return;
  const next = turn.waiting.shift();
  if (!next) {
    turns.delete(key);
    return;
  }
  next.take();
  for (const waiter of turn.waiting) waiter.saw(turn.note);
}
