const modern = find_files("build/modern/*", { include_ignored: true }).map(p => p.slice("build/modern/".length)).filter(n => !n.includes("/") && !n.startsWith("."))
const legacy = find_files("build/legacy/*", { include_ignored: true }).map(p => p.slice("build/legacy/".length)).filter(n => !n.includes("/") && !n.startsWith("."))
const modernSet = new Set(modern)
const legacySet = new Set(legacy)
const answer = {
  only_modern: sorted(modern.filter(n => !legacySet.has(n))),
  only_legacy: sorted(legacy.filter(n => !modernSet.has(n)))
}
answer
