const src = find_files("src/*.ts", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const modern = {}
for (const r of line_counts("build/modern/*.js", { include_ignored: true })) {
  modern[r.file] = r.lines
}
const legacy = {}
for (const r of line_counts("build/legacy/*.js", { include_ignored: true })) {
  legacy[r.file] = r.lines
}
const result = {}
for (const p of src) {
  const name = p.slice("src/".length, -".ts".length)
  const m = modern["build/modern/" + name + ".js"]
  const l = legacy["build/legacy/" + name + ".js"]
  if (m !== undefined && l !== undefined && m !== l) {
    result[name] = [m, l]
  }
}
result
