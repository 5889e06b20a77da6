#!/usr/bin/env python3
"""Builds requests.json: every gold/accept value is computed by running its `how` command in the tree root."""
import json, subprocess, sys, os
TREES = {"fastify": "/work/main/.corpus-trees/fastify", "date-fns": "/work/main/.corpus-trees/date-fns"}
CB = "/work/corpus-b"
SUM = "awk '{s+=$1} END {print s+0}'"
STRIP = "sed 's|^\\./||'"
def LC(files_cmd):  # per-file line count (grep -c '' counts an unterminated last line), then sum
    return files_cmd + " | while IFS= read -r f; do grep -c '' \"$f\"; done | " + SUM
def WC(files_cmd):  # sum of newline counts (wc -l convention)
    return files_cmd + " | while IFS= read -r f; do wc -l < \"$f\"; done | " + SUM

E = []
def add(tree, cat, req, kind, how, accept=(), ordered=False, note=None):
    E.append(dict(tree=tree, category=cat, request=req, kind=kind, how=how, accept=list(accept), ordered=ordered, note=note))
def A(kind, how, reading, ordered=False):
    return dict(kind=kind, how=how, reading=reading, ordered=ordered)

F = "fastify"; D = "date-fns"
# ---------------- fastify ----------------
add(F, "count-files", "how many files are in this repo?", "number", "find . -type f | wc -l",
    [A("number", "find . -type f -not -path '*/.*' | wc -l", "hidden files and files inside hidden folders (.vscode) excluded")])
add(F, "count-files", "count the js files", "number", "find . -type f -name '*.js' | wc -l",
    [A("number", "find . -type f \\( -name '*.js' -o -name '*.mjs' -o -name '*.cjs' \\) | wc -l", ".mjs/.cjs counted as js too")])
add(F, "count-files", "hey, how many typescript declaration files are in here?", "number", "find . -type f -name '*.d.ts' | wc -l")
add(F, "count-files", "How many .test.js files are there under test/, subfolders included?", "number", "find test -type f -name '*.test.js' | wc -l")
add(F, "count-files", "number of markdown docs in docs/Guides pls", "number", "find docs/Guides -type f -name '*.md' | wc -l")
add(F, "count-files", "how many files sit directly in lib (not counting anything deeper)", "number", "find lib -mindepth 1 -maxdepth 1 -type f | wc -l")
add(F, "count-files", "whats the total number of .ts files", "number", "find . -type f -name '*.ts' | wc -l",
    [A("number", "find . -type f -name '*.ts' -not -name '*.d.ts' | wc -l", "declaration files (.d.ts) not counted as ts files")])
add(F, "count-files", "count teh files in test/http-methods", "number", "find test/http-methods -type f | wc -l")
add(F, "count-files", "how many .mjs files does the project have right now", "number", "find . -type f -name '*.mjs' | wc -l")
add(F, "count-files", "how many directories are there under test, at any depth?", "number", "find test -mindepth 1 -type d | wc -l")
add(F, "list-files", "ls lib", "paths", "find lib -mindepth 1 -maxdepth 1 | " + STRIP)
add(F, "list-files", "Could you list the top-level folders, please?", "paths", "find . -mindepth 1 -maxdepth 1 -type d | " + STRIP,
    [A("paths", "find . -mindepth 1 -maxdepth 1 -type d -not -name '.*' | " + STRIP, "hidden folder .vscode left out (ls-style)")])
add(F, "list-files", "show me all the markdown files in docs/Reference", "paths", "find docs/Reference -type f -name '*.md' | " + STRIP)
add(F, "list-files", "find files named *.test-d.ts", "paths", "find . -type f -name '*.test-d.ts' | " + STRIP)
add(F, "list-files", "list every file with \"logger\" in its filename", "paths", "find . -type f -iname '*logger*' | " + STRIP,
    [A("paths", "find . -type f -name '*logger*' | " + STRIP, "case-sensitive match on the file name")])
add(F, "list-files", "which files are in examples/benchmark?", "paths", "find examples/benchmark -type f | " + STRIP)
add(F, "structure", "what subdirs does test/ have", "paths", "find test -mindepth 1 -maxdepth 1 -type d | " + STRIP,
    [A("paths", "find test -mindepth 1 -type d | " + STRIP, "all folders under test at any depth")])
add(F, "list-files", "find all the package.json files for me", "paths", "find . -type f -name package.json | " + STRIP)
add(F, "list-files", "list all yaml files please", "paths", "find . -type f \\( -name '*.yaml' -o -name '*.yml' \\) | " + STRIP)
add(F, "list-files", "whats inside the .vscode folder?", "paths", "find .vscode -mindepth 1 | " + STRIP)
add(F, "read-file", "cat LICENSE", "text", "cat LICENSE")
add(F, "read-file", "show me the first 10 lines of fastify.js", "text", "head -n 10 fastify.js")
add(F, "read-file", "print lines 102-110 of fastify.js", "text", "sed -n '102,110p' fastify.js")
add(F, "read-file", "open GOVERNANCE.md", "text", "cat GOVERNANCE.md")
add(F, "read-file", "gimme the last 5 lines of lib/noop-set.js", "text", "tail -n 5 lib/noop-set.js")
add(F, "read-file", "show .borp.yaml", "text", "cat .borp.yaml")
add(F, "read-file", "can you read integration/test.sh for me", "text", "cat integration/test.sh")
add(F, "read-file", "what does line 965 of fastify.js say", "text", "sed -n '965p' fastify.js")
add(F, "size", "how big is fastify.js in bytes", "number", "stat -c %s fastify.js")
add(F, "size", "what are the five largest files in here, biggest first?", "paths", "find . -type f -printf '%s\\t%P\\n' | sort -k1,1nr -k2 | head -5 | cut -f2", ordered=True)
add(F, "size", "smallest file in lib?", "paths", "find lib -type f -printf '%s\\t%p\\n' | sort -k1,1n | head -1 | cut -f2")
add(F, "size", "total size of the docs folder, in bytes", "number", "find docs -type f -printf '%s\\n' | " + SUM,
    [A("number", "du -sb docs | cut -f1", "du -sb apparent size, which also counts the directory entries themselves")])
add(F, "size", "are there any empty files in this project?", "paths", "find . -type f -empty | " + STRIP)
add(F, "size", "which files in types/ are bigger than 10 KB", "paths", "find types -type f -size +10240c | " + STRIP,
    [A("paths", "find types -type f -size +10000c | " + STRIP, "10 KB = 10,000 bytes")])
add(F, "size", "sum up the sizes of all .d.ts files (bytes)", "number", "find . -type f -name '*.d.ts' -printf '%s\\n' | " + SUM)
add(F, "line-count", "wc -l fastify.js", "number", "wc -l < fastify.js")
add(F, "line-count", "how many lines is lib/reply.js", "number", "grep -c '' lib/reply.js")
add(F, "line-count", "how many lines of js are in lib altogether", "number", LC("find lib -type f -name '*.js'"))
add(F, "line-count", "top 3 longest files in lib by line count", "paths",
    "for f in $(find lib -type f); do printf '%s\\t%s\\n' $(grep -c '' $f) $f; done | sort -k1,1nr | head -3 | cut -f2", ordered=True)
add(F, "line-count", "line count for docs/Reference/Lifecycle.md", "number", "grep -c '' docs/Reference/Lifecycle.md",
    [A("number", "wc -l < docs/Reference/Lifecycle.md", "wc -l convention: the unterminated last line is not counted")])
add(F, "line-count", "total lines across all the d.ts files in types/", "number", LC("find types -type f -name '*.d.ts'"))
add(F, "line-count", "which test file is the longest, line-wise?", "paths",
    "find test -type f -name '*.test.*' | while read f; do printf '%s\\t%s\\n' $(grep -c '' $f) $f; done | sort -k1,1nr | head -1 | cut -f2")
add(F, "search", "which files in lib mention hijack", "paths", "grep -ril hijack lib",
    [A("paths", "grep -rl hijack lib", "case-sensitive search for lowercase 'hijack'")])
add(F, "search", "how many occurences of FST_ERR_ are in lib/errors.js", "number", "grep -o FST_ERR_ lib/errors.js | wc -l",
    [A("number", "grep -c FST_ERR_ lib/errors.js", "number of lines containing FST_ERR_")])
add(F, "search", "grep -rn TODO lib", "hits", "grep -rn TODO lib | cut -d: -f1,2")
add(F, "search", "which pages in docs/ talk about onRequestAbort?", "paths", "grep -rl onRequestAbort docs",
    [A("paths", "grep -rl onRequestAbort --include='*.md' .", "every markdown file in the repo (README.md etc.), not just docs/")])
add(F, "imports", "how many files require node:http", "number", "grep -rlE \"require\\(['\\\"]node:http['\\\"]\\)\" . | wc -l",
    [A("number", "grep -rlE \"(require\\(|from )['\\\"](node:)?http['\\\"]\" . | wc -l", "also ESM `from 'node:http'` imports and bare 'http'")])
add(F, "search", "any FIXME comments anywhere? show me the lines", "hits", "grep -rn FIXME . | cut -d: -f1,2")
add(F, "search", "search http2SessionTimeout in lib, just give me the files", "paths", "grep -rl http2SessionTimeout lib")
add(F, "search", "which files under lib call process.nextTick", "paths", "grep -rlF 'process.nextTick(' lib")
add(F, "definition", "where is buildRouting defined", "hits", "grep -rnE '^\\s*(async )?function buildRouting\\b' --include='*.js' . | cut -d: -f1,2")
add(F, "definition", "where's the SchemaController class", "hits", "grep -rnE '^\\s*(export )?(declare )?class SchemaController\\b' . | cut -d: -f1,2")
add(F, "definition", "where's the checkDependencies function defined?", "hits", "grep -rnE '^\\s*function checkDependencies\\b' --include='*.js' . | cut -d: -f1,2")
add(F, "definition", "find the definition of the FastifyInstance interface", "hits", "grep -rnE '^\\s*export interface FastifyInstance\\b' . | cut -d: -f1,2")
add(F, "definition", "where is the function handleRequest declared", "hits", "grep -rnE '^\\s*function handleRequest\\b' --include='*.js' . | cut -d: -f1,2")
add(F, "definition", "in which file is the kReplyHijacked symbol defined", "hits", "grep -rnE '^\\s*kReplyHijacked:' lib | cut -d: -f1,2")
add(F, "exports", "what does lib/hooks.js export", "strings", "sed -n '/^module.exports = {/,/^}/p' lib/hooks.js | sed -n 's/^ *\\([A-Za-z0-9_]*\\),\\{0,1\\}$/\\1/p'")
add(F, "exports", "exports of lib/warnings.js", "strings", "sed -n '/^module.exports = {/,/^}/p' lib/warnings.js | sed -n 's/^ *\\([A-Za-z0-9_]*\\),\\{0,1\\}$/\\1/p'")
add(F, "exports", "list what lib/route.js exports for me", "strings", "grep '^module.exports' lib/route.js | grep -oE '\\{[^}]*\\}' | tr -d '{} ' | tr ',' '\\n'")
add(F, "exports", "what's exported from types/plugin.d.ts", "strings", "grep -oE '^export (declare )?(type|interface|const|function|class) [A-Za-z0-9_]+' types/plugin.d.ts | awk '{print $NF}'")
add(F, "imports", "what modules does lib/route.js require?", "strings", "node " + CB + "/imports.js list lib/route.js")
add(F, "imports", "which files require lib/symbols.js?", "paths", "node " + CB + "/imports.js who lib/symbols.js . | " + STRIP)
add(F, "imports", "which node built-in modules does lib/server.js pull in", "strings", "grep -oE \"require\\('node:[a-z_0-9/]+'\\)\" lib/server.js | sed -E \"s/require\\('(.*)'\\)/\\1/\"",
    [A("strings", "grep -oE \"require\\('node:[a-z_0-9/]+'\\)\" lib/server.js | sed -E \"s/require\\('node:(.*)'\\)/\\1/\"", "builtin names without the node: prefix")])
add(F, "package-json", "what version of fastify is this?", "text", "jq -r .version package.json")
add(F, "package-json", "list the npm scripts", "strings", "jq -r '.scripts|keys[]' package.json")
add(F, "package-json", "whats the license", "text", "jq -r .license package.json")
add(F, "package-json", "deps?", "strings", "jq -r '.dependencies|keys[]' package.json")
add(F, "package-json", "how many dev deps does it have", "number", "jq '.devDependencies|length' package.json")
add(F, "package-json", "what's the main entry point", "text", "jq -r .main package.json")
add(F, "package-json", "what's the types field set to in package.json", "text", "jq -r .types package.json")
add(F, "package-json", "what command does `npm test` run?", "text", "jq -r .scripts.test package.json")
add(F, "package-json", "what's the description in package.json", "text", "jq -r .description package.json")
add(F, "package-json", "what pino version range does it depend on", "text", "jq -r .dependencies.pino package.json")
add(F, "structure", "break down the files in types/ by extension", "json",
    "node -e \"const fs=require('fs'),p=require('path');const o={};for(const f of fs.readdirSync('types',{recursive:true})){if(fs.statSync('types/'+f).isFile()){const e=p.extname(f);o[e]=(o[e]||0)+1}}console.log(JSON.stringify(o))\"",
    [A("json", "node -e \"const fs=require('fs');const o={};for(const f of fs.readdirSync('types',{recursive:true})){if(fs.statSync('types/'+f).isFile()){const e=f.match(/(\\.d)?\\.[^.]+$/)[0];o[e]=(o[e]||0)+1}}console.log(JSON.stringify(o))\"", ".d.ts treated as its own extension")])
add(F, "structure", "what's in the test/esm folder", "paths", "find test/esm -mindepth 1 | " + STRIP)
add(F, "structure", "which folders are nested deepest?", "paths", "find . -type d -printf '%d\\t%P\\n' | sort -k1,1nr | awk -F'\\t' 'NR==1{m=$1} $1==m{print $2}'")
add(F, "structure", "how many subdirectories does docs have", "number", "find docs -mindepth 1 -maxdepth 1 -type d | wc -l")

# ---------------- date-fns ----------------
add(D, "count-files", "how many files are in this package in total?", "number", "find . -type f | wc -l")
add(D, "count-files", "how many .cjs files are there", "number", "find . -type f -name '*.cjs' | wc -l")
add(D, "count-files", "count the d.ts files", "number", "find . -type f -name '*.d.ts' | wc -l",
    [A("number", "find . -type f \\( -name '*.d.ts' -o -name '*.d.cts' \\) | wc -l", ".d.cts declaration files counted too")])
add(D, "structure", "locale/ - how many folders does it contain?", "number", "find locale -mindepth 1 -maxdepth 1 -type d | wc -l",
    [A("number", "find locale -mindepth 1 -maxdepth 1 -type d -not -name _lib | wc -l", "only locale folders, the shared _lib helper folder left out"),
     A("number", "find locale -mindepth 1 -type d | wc -l", "all folders under locale at any depth")])
add(D, "count-files", "how many files are directly inside fp/ (not recursive)", "number", "find fp -mindepth 1 -maxdepth 1 -type f | wc -l")
add(D, "count-files", "how many files in the whole locale tree", "number", "find locale -type f | wc -l")
add(D, "count-files", "number of .js files in the root dir?", "number", "find . -maxdepth 1 -type f -name '*.js' | wc -l")
add(D, "count-files", "count markdown files for me", "number", "find . -type f -name '*.md' | wc -l")
add(D, "count-files", "how many .js files are in parse/_lib/parsers", "number", "find parse/_lib/parsers -type f -name '*.js' | wc -l")
add(D, "count-files", "how many cdn.min.js files r there", "number", "find . -type f -name cdn.min.js | wc -l")
add(D, "list-files", "dir listing of docs/ please", "paths", "find docs -mindepth 1 -maxdepth 1 | " + STRIP)
add(D, "list-files", "what folders are at the top level?", "paths", "find . -mindepth 1 -maxdepth 1 -type d | " + STRIP)
add(D, "list-files", "list the isSame*.js files at the root", "paths", "find . -maxdepth 1 -type f -name 'isSame*.js' | " + STRIP)
add(D, "list-files", "any svg files? list them", "paths", "find . -type f -name '*.svg' | " + STRIP)
add(D, "list-files", "which locale folders start with en-", "paths", "find locale -mindepth 1 -maxdepth 1 -type d -name 'en-*' | " + STRIP)
add(D, "list-files", "list the files in _lib/format", "paths", "find _lib/format -type f | " + STRIP)
add(D, "list-files", "show me what's in locale/de/_lib", "paths", "find locale/de/_lib -mindepth 1 | " + STRIP)
add(D, "list-files", "list all *Parser.js files in parse/_lib/parsers", "paths", "find parse/_lib/parsers -type f -name '*Parser.js' | " + STRIP)
add(D, "list-files", "what js files at the top level have ISOWeek in the name", "paths", "find . -maxdepth 1 -type f -name '*ISOWeek*.js' | " + STRIP)
add(D, "list-files", "find all .md files", "paths", "find . -type f -name '*.md' | " + STRIP)
add(D, "read-file", "print README.md", "text", "cat README.md")
add(D, "read-file", "show me the first three lines of index.js please", "text", "head -n 3 index.js")
add(D, "read-file", "lines 23-24 of constants.js", "text", "sed -n '23,24p' constants.js")
add(D, "read-file", "print the last 3 lines of addDays.js", "text", "tail -n 3 addDays.js")
add(D, "read-file", "read SECURITY.md", "text", "cat SECURITY.md")
add(D, "read-file", "show me locale/en-US.js", "text", "cat locale/en-US.js")
add(D, "read-file", "head -n 5 toDate.js", "text", "head -n 5 toDate.js")
add(D, "size", "how large is CHANGELOG.md (bytes)?", "number", "stat -c %s CHANGELOG.md")
add(D, "size", "what's the single biggest file in the package", "paths", "find . -type f -printf '%s\\t%P\\n' | sort -k1,1nr | head -1 | cut -f2")
add(D, "size", "top 5 biggest files in locale/", "paths", "find locale -type f -printf '%s\\t%p\\n' | sort -k1,1nr -k2 | head -5 | cut -f2", ordered=True)
add(D, "size", "what do all the .cjs files add up to, size-wise, in bytes", "number", "find . -type f -name '*.cjs' -printf '%s\\n' | " + SUM)
add(D, "size", "smallest .js file at top level", "paths", "find . -maxdepth 1 -type f -name '*.js' -printf '%s\\t%P\\n' | sort -k1,1n | head -1 | cut -f2")
add(D, "size", "size of fp/cdn.min.js", "number", "stat -c %s fp/cdn.min.js")
add(D, "size", "how many files are over 100KB", "number", "find . -type f -size +102400c | wc -l",
    [A("number", "find . -type f -size +100000c | wc -l", "100 KB = 100,000 bytes")])
add(D, "size", "r there any zero-byte files?", "paths", "find . -type f -empty | " + STRIP)
add(D, "line-count", "format.js line count?", "number", "wc -l < format.js")
add(D, "line-count", "how many lines does CHANGELOG.md have", "number", "grep -c '' CHANGELOG.md")
add(D, "line-count", "which top-level .js file has the most lines", "paths",
    "for f in *.js; do printf '%s\\t%s\\n' $(grep -c '' $f) $f; done | sort -k1,1nr | head -1 | cut -f2")
add(D, "line-count", "total line count of the .d.ts files in _lib", "number", LC("find _lib -type f -name '*.d.ts'"),
    [A("number", LC("find _lib -maxdepth 1 -type f -name '*.d.ts'"), "only files directly in _lib, not _lib/format or _lib/test")])
add(D, "line-count", "how long is isValid.js in lines", "number", "grep -c '' isValid.js")
add(D, "line-count", "the 3 longest markdown files by line count, longest first", "paths",
    "find . -type f -name '*.md' | while read f; do printf '%s\\t%s\\n' $(grep -c '' $f) ${f#./}; done | sort -k1,1nr | head -3 | cut -f2", ordered=True)
add(D, "line-count", "how many lines in index.d.ts", "number", "grep -c '' index.d.ts")
add(D, "search", "how many top-level .js files mention Temporal", "number", "grep -l Temporal *.js | wc -l")
add(D, "search", "show the TODO lines in locale/_lib", "hits", "grep -rn TODO locale/_lib | cut -d: -f1,2")
add(D, "search", "which files contain \"I challenge you to fix the type\"", "paths", "grep -rlF 'I challenge you to fix the type' . | " + STRIP)
add(D, "search", "how many times does compareLocalAsc appear in differenceInDays.js", "number", "grep -oF 'compareLocalAsc' differenceInDays.js | wc -l",
    [A("number", "grep -cF 'compareLocalAsc' differenceInDays.js", "number of lines containing it")])
add(D, "search", "find lines with \"@category Day Helpers\" in top-level js files", "hits", "grep -nF '@category Day Helpers' *.js | cut -d: -f1,2")
add(D, "search", "is Kazakh mentioned in any .js file under locale? which ones", "paths", "grep -rl --include='*.js' Kazakh locale")
add(D, "search", "search the docs folder for webpack", "paths", "grep -ril webpack docs",
    [A("paths", "grep -rl webpack docs", "case-sensitive lowercase 'webpack'")])
add(D, "definition", "which file defines addDays?", "hits", "grep -nE '^export function addDays\\b' addDays.js | sed 's|^|addDays.js:|' | cut -d: -f1,2",
    [A("hits", "grep -nE '^(export )?function addDays\\b' addDays.js addDays.cjs | cut -d: -f1,2", "both implementations: ESM addDays.js and CommonJS addDays.cjs"),
     A("hits", "grep -nE '^(export )?(declare )?function addDays\\b' addDays.js addDays.cjs addDays.d.ts addDays.d.cts | cut -d: -f1,2", "implementations plus the type declarations in addDays.d.ts / addDays.d.cts")])
add(D, "definition", "where's constructFromSymbol declared?", "hits", "grep -nE '^export const constructFromSymbol\\b' constants.js | sed 's|^|constants.js:|' | cut -d: -f1,2",
    [A("hits", "grep -nE '^(export )?const constructFromSymbol\\b' constants.js constants.cjs | cut -d: -f1,2", "ESM and CommonJS definitions"),
     A("hits", "grep -nE '^(export )?(declare )?const constructFromSymbol\\b' constants.js constants.cjs constants.d.ts constants.d.cts | cut -d: -f1,2", "ESM, CommonJS and the .d.ts/.d.cts declarations")])
add(D, "definition", "find where class Setter is declared", "hits", "grep -rnE '^export class Setter\\b' --include='*.js' . | " + STRIP + " | cut -d: -f1,2",
    [A("hits", "grep -nE '^(export )?class Setter\\b' parse/_lib/Setter.js parse/_lib/Setter.cjs | cut -d: -f1,2", "ESM and CommonJS class definitions"),
     A("hits", "grep -nE '^(export )?(declare )?(abstract )?class Setter\\b' parse/_lib/Setter.js parse/_lib/Setter.cjs parse/_lib/Setter.d.ts parse/_lib/Setter.d.cts | cut -d: -f1,2", "implementations plus type declarations")])
add(D, "definition", "wheres buildMatchFn defined", "hits", "grep -rnE '^export function buildMatchFn\\b' --include='*.js' . | " + STRIP + " | cut -d: -f1,2",
    [A("hits", "grep -nE '^(export )?function buildMatchFn\\b' locale/_lib/buildMatchFn.js locale/_lib/buildMatchFn.cjs | cut -d: -f1,2", "ESM and CommonJS definitions"),
     A("hits", "grep -nE '^(export )?(declare )?function buildMatchFn\\b' locale/_lib/buildMatchFn.js locale/_lib/buildMatchFn.cjs locale/_lib/buildMatchFn.d.ts locale/_lib/buildMatchFn.d.cts | cut -d: -f1,2", "implementations plus type declarations")])
add(D, "definition", "where's defaultLocale defined", "hits", "grep -rnE '^export \\{ enUS as defaultLocale \\}' --include='*.js' . | " + STRIP + " | cut -d: -f1,2",
    [A("hits", "{ grep -nE '^export \\{ enUS as defaultLocale \\}' _lib/defaultLocale.js | sed 's|^|_lib/defaultLocale.js:|'; grep -nE '^Object.defineProperty\\(exports, \\\"defaultLocale\\\"' _lib/defaultLocale.cjs | sed 's|^|_lib/defaultLocale.cjs:|'; } | cut -d: -f1,2", "ESM re-export plus the CommonJS getter in _lib/defaultLocale.cjs"),
     A("hits", "grep -nE '^export const enUS\\b' locale/en-US.js | sed 's|^|locale/en-US.js:|' | cut -d: -f1,2", "the object it aliases: enUS in locale/en-US.js")])
add(D, "exports", "what are all the exports of constants.js", "strings", "grep -oE '^export (const|function|class|let) [A-Za-z0-9_]+' constants.js | awk '{print $3}'")
add(D, "exports", "exports of _lib/format/lightFormatters.js", "strings", "grep -oE '^export (const|function|class|let) [A-Za-z0-9_]+' _lib/format/lightFormatters.js | awk '{print $3}'")
add(D, "exports", "which names does locale/en-US.js export?", "strings", "{ grep -oE '^export (const|function) [A-Za-z0-9_]+' locale/en-US.js | awk '{print $3}'; grep -q '^export default' locale/en-US.js && echo default; }",
    [A("strings", "grep -oE '^export (const|function) [A-Za-z0-9_]+' locale/en-US.js | awk '{print $3}'", "named exports only; the default export is the same enUS object")])
add(D, "exports", "toDate.js exports?", "strings", "{ grep -oE '^export (const|function) [A-Za-z0-9_]+' toDate.js | awk '{print $3}'; grep -q '^export default' toDate.js && echo default; }",
    [A("strings", "grep -oE '^export (const|function) [A-Za-z0-9_]+' toDate.js | awk '{print $3}'", "named exports only; the default export is the same function")])
add(D, "imports", "show me the imports in format.js", "strings", "node " + CB + "/imports.js list format.js")
add(D, "imports", "which top-level .js files import from ./_lib/defaultOptions.js", "paths", "node " + CB + "/imports.js who _lib/defaultOptions.js . .js | grep -v /")
add(D, "imports", "which modules get required in addDays.cjs", "strings", "node " + CB + "/imports.js list addDays.cjs")
add(D, "imports", "how many top-level js files import ./constructFrom.js", "number", "grep -lE \"from ['\\\"]\\./constructFrom\\.js['\\\"]\" *.js | wc -l")
add(D, "package-json", "what version of date-fns is this", "text", "jq -r .version package.json")
add(D, "package-json", "module type?", "text", "jq -r .type package.json")
add(D, "package-json", "whats the main field", "text", "jq -r .main package.json")
add(D, "package-json", "how many entries are in the exports map of package.json", "number", "jq '.exports|length' package.json")
add(D, "package-json", "list its runtime dependencies", "strings", "jq -r '(.dependencies // {})|keys[]' package.json")
add(D, "package-json", "license?", "text", "jq -r .license package.json")
add(D, "package-json", "what's the package description", "text", "jq -r .description package.json")
add(D, "package-json", "what's the exports entry for ./locale", "json", "jq -c '.exports[\"./locale\"]' package.json")
add(D, "package-json", "what is sideEffects set to in package.json", "json", "jq -c .sideEffects package.json")
add(D, "structure", "breakdown of files by extension at the top level", "json",
    "node -e \"const fs=require('fs'),p=require('path');const o={};for(const f of fs.readdirSync('.')){if(fs.statSync(f).isFile()){const e=p.extname(f);o[e]=(o[e]||0)+1}}console.log(JSON.stringify(o))\"",
    [A("json", "node -e \"const fs=require('fs');const o={};for(const f of fs.readdirSync('.')){if(fs.statSync(f).isFile()){const e=f.match(/(\\.d)?\\.[^.]+$/)[0];o[e]=(o[e]||0)+1}}console.log(JSON.stringify(o))\"", ".d.ts / .d.cts treated as their own extensions")])
add(D, "structure", "what subfolders does _lib have", "paths", "find _lib -mindepth 1 -type d | " + STRIP)
add(D, "structure", "contents of parse/?", "paths", "find parse -mindepth 1 -maxdepth 1 | " + STRIP,
    [A("paths", "find parse -mindepth 1 | " + STRIP, "everything under parse/ recursively")])
add(D, "structure", "how many files in each top-level folder", "json",
    "for d in $(find . -mindepth 1 -maxdepth 1 -type d | sort); do printf '%s\\t%s\\n' ${d#./} $(find $d -type f | wc -l); done | jq -Rn '[inputs|split(\"\\t\")|{(.[0]):(.[1]|tonumber)}]|add' -c",
    [A("json", "for d in $(find . -mindepth 1 -maxdepth 1 -type d | sort); do printf '%s\\t%s\\n' ${d#./} $(find $d -maxdepth 1 -type f | wc -l); done | jq -Rn '[inputs|split(\"\\t\")|{(.[0]):(.[1]|tonumber)}]|add' -c", "only files directly in each folder")])

def run(tree, how):
    r = subprocess.run(["bash", "-c", how], cwd=TREES[tree], capture_output=True, text=True)
    if r.returncode not in (0, 1) or r.stderr.strip():
        print("ERR", tree, how, r.returncode, r.stderr[:300], file=sys.stderr)
    return r.stdout

def parse(kind, out, ordered):
    if kind == "number":
        s = out.strip(); return int(s) if s.lstrip('-').isdigit() else float(s)
    if kind == "text":
        return out[:-1] if out.endswith("\n") else out
    if kind == "json":
        return json.loads(out)
    lines = [l for l in out.split("\n") if l != ""]
    if kind == "paths":
        lines = [l[2:] if l.startswith("./") else l for l in lines]
        return lines if ordered else sorted(set(lines))
    if kind == "strings":
        seen = []
        for l in lines:
            if l not in seen: seen.append(l)
        return seen if ordered else sorted(seen)
    if kind == "hits":
        hs = []
        for l in lines:
            f, n = l.rsplit(":", 1)
            hs.append({"file": f[2:] if f.startswith("./") else f, "line": int(n)})
        return sorted(hs, key=lambda h: (h["file"], h["line"]))
    raise ValueError(kind)

def build(entries):
    out = []; counters = {}
    for e in entries:
        counters[e["tree"]] = counters.get(e["tree"], 0) + 1
        rid = f"{e['tree']}-{counters[e['tree']]:03d}"
        g = {"kind": e["kind"], "value": parse(e["kind"], run(e["tree"], e["how"]), e["ordered"])}
        if e["ordered"]: g["ordered"] = True
        acc = []
        for a in e["accept"]:
            v = parse(a["kind"], run(e["tree"], a["how"]), a["ordered"])
            if v == g["value"] and a["kind"] == g["kind"]:
                continue  # reading gives the same answer: no separate alternative needed
            item = {"kind": a["kind"], "value": v, "how": "cd " + e["tree"] + " && " + a["how"], "reading": a["reading"]}
            if a["ordered"]: item["ordered"] = True
            acc.append(item)
        rec = {"id": rid, "tree": e["tree"], "category": e["category"], "request": e["request"], "gold": g}
        rec["accept"] = acc
        rec["how"] = "cd " + e["tree"] + " && " + e["how"]
        if e.get("note"): rec["note"] = e["note"]
        out.append(rec)
    return out

if __name__ == "__main__":
    res = build(E)
    path = sys.argv[1] if len(sys.argv) > 1 else CB + "/requests.json"
    with open(path, "w") as fh:
        json.dump(res, fh, indent=1, ensure_ascii=False)
    print(len(res), "entries ->", path)
