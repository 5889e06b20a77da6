const src = line_counts("src/*.ts", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const built = {}
for (const r of line_counts("build/modern/*.js", { include_ignored: true })) {
  built[r.file] = r.lines
}
const out = []
for (const r of src) {
  const name = r.file.slice("src/".length, -".ts".length)
  const js = built["build/modern/" + name + ".js"]
  if (js !== undefined && js * 2 < r.lines) {
    out.push(r.file)
  }
}
sorted(out)
