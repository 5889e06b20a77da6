const pkg = JSON.parse(read_file("package.json"))
const raw = []
for (const field of ["types", "main", "module", "react-native"]) {
  if (typeof pkg[field] === "string") {
    raw.push(pkg[field])
  }
}
const stack = [pkg.exports]
for (let i = 0; i < stack.length; i++) {
  const v = stack[i]
  if (typeof v === "string") {
    raw.push(v)
  } else if (v !== null && typeof v === "object") {
    for (const child of Object.values(v)) {
      stack.push(child)
    }
  }
}
const existing = new Set(find_files("**/*", { include_ignored: true }))
const result = {}
for (const p of raw) {
  const path = p.startsWith("./") ? p.slice(2) : p
  result[path] = existing.has(path)
}
result
