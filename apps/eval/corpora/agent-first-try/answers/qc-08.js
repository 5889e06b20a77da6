const files = find_files("src/*.ts", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const out = []
for (const f of files) {
  const text = read_file(f)
  const fromImports = text.match(/\bimport\s[^;'"]*?\bfrom\s*['"][^'"]+['"]/g) ?? []
  const bareImports = text.match(/\bimport\s*['"][^'"]+['"]/g) ?? []
  const specs = fromImports.concat(bareImports).map(s => s.match(/['"]([^'"]+)['"]$/)[1])
  if (specs.includes("./utils") && !specs.includes("./notifyManager")) {
    out.push(f)
  }
}
sorted(out)
