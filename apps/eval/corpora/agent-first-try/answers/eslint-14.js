const files = find_files("lib/**/*.js", { include_ignored: true, text: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const out = []
for (const f of files) {
  if (!read_file(f).includes("module.exports")) {
    out.push(f)
  }
}
sorted(out)
