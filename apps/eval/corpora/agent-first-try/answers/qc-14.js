const lines = read_file("src/types.ts").split("\n")
const answer = {
  interface: lines.filter(l => l.startsWith("export interface ")).length,
  type: lines.filter(l => l.startsWith("export type ")).length
}
answer
