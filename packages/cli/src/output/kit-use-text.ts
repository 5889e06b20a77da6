/** A kit as people read it with a result or `status`: its name, and the tools with which it changes things. */
export function kitUseText(kit: { name: string; writes: readonly string[] | null }): string {
  if (kit.writes === null) return kit.name;
  return kit.writes.length === 0
    ? `${kit.name} (reads only)`
    : `${kit.name} (writes with ${kit.writes.join(", ")})`;
}
