const files = find_files("src/*.ts", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const imported = new Set()
for (const f of files) {
  const text = read_file(f)
  const fromClauses = text.match(/\bfrom\s*['"][^'"]+['"]/g) ?? []
  const bareImports = text.match(/\bimport\s*['"][^'"]+['"]/g) ?? []
  for (const s of fromClauses.concat(bareImports)) {
    const spec = s.match(/['"]([^'"]+)['"]$/)[1]
    if (spec.startsWith("./")) {
      const target = "src/" + spec.slice(2) + ".ts"
      if (target !== f) {
        imported.add(target)
      }
    }
  }
}
sorted(files.filter(f => !imported.has(f)))
