const pkg = JSON.parse(read_file("package.json"))
const deps = keys(pkg.dependencies ?? {})
let files = []
for (const dir of ["bin", "conf", "lib", "messages"]) {
  files = files.concat(find_files(dir + "/**/*.js", { include_ignored: true, text: true }))
}
files = files.filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const result = {}
for (const d of deps) {
  result[d] = 0
}
for (const f of files) {
  const t = read_file(f)
  for (const d of deps) {
    if (t.includes(`require("${d}")`) || t.includes(`require("${d}/`) || t.includes(`require('${d}')`) || t.includes(`require('${d}/`)) {
      result[d] += 1
    }
  }
}
result
