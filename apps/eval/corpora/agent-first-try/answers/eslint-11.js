const files = find_files("lib/rules/**/*.js", { include_ignored: true, text: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
let total = 0
for (const f of files) {
  total += read_file(f).split("context.report(").length - 1
}
total
