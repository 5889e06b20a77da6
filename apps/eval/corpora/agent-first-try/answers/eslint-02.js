const folders = list_folder("lib").filter(e => e.kind === "folder" && !e.name.startsWith(".") && e.name !== "node_modules")
const files = find_files("lib/**/*.js", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const result = {}
for (const f of folders) {
  const prefix = "lib/" + f.name + "/"
  result[f.name] = files.filter(p => p.startsWith(prefix)).length
}
result
