const modern = file_sizes("build/modern/**/*", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const legacy = file_sizes("build/legacy/**/*", { include_ignored: true }).filter(r => !r.file.split("/").some(s => s.startsWith(".") || s === "node_modules"))
const answer = { modern: sum(modern.map(r => r.size)), legacy: sum(legacy.map(r => r.size)) }
answer
