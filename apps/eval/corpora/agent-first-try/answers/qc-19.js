const text = read_file("src/onlineManager.ts")
const parts = text.split("#online")
let out = parts[0]
let renamed = 0
for (let i = 1; i < parts.length; i++) {
  const next = parts[i]
  if (/^[A-Za-z0-9_]/.test(next)) {
    out += "#online" + next
  } else {
    out += "#isOnline" + next
    renamed++
  }
}
write_file("src/onlineManager.ts", out)
renamed
