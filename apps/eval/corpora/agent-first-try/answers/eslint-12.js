const files = find_files("lib/rules/*.js", { include_ignored: true }).filter(p => p !== "lib/rules/index.js" && !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const ruleNames = files.map(p => p.slice("lib/rules/".length, -3))
const registered = []
for (const line of read_file("lib/rules/index.js").split("\n")) {
  const m = line.match(/^\s*["']?([\w$-]+)["']?\s*:\s*\(\s*\)\s*=>\s*require\(/)
  if (m) {
    registered.push(m[1])
  }
}
const fileSet = new Set(ruleNames)
const regSet = new Set(registered)
const answer = {
  files: ruleNames.length,
  registered: regSet.size,
  not_registered: sorted(ruleNames.filter(n => !regSet.has(n))),
  no_file: sorted(unique(registered).filter(n => !fileSet.has(n)))
}
answer
