#!/bin/sh
# Makes a built checkout of wave 2's code (the last commit before the wave-3 work) for the
# side-by-side rows of `pnpm bench:perf speed files isolation`:
#   bench/wave2-checkout.sh /tmp/lackpy-wave2 && LACKPY_WAVE2_SRC=/tmp/lackpy-wave2 pnpm bench:perf speed
# A detached git worktree of this repository; remove it with `git worktree remove <folder>`.
set -eu
folder=${1:?usage: bench/wave2-checkout.sh <folder>}
commit=5614f42
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -d "$folder" ]; then
  git -C "$here" worktree add --detach "$folder" "$commit"
fi
cd "$folder"
pnpm install --frozen-lockfile
pnpm build
echo "LACKPY_WAVE2_SRC=$folder"
