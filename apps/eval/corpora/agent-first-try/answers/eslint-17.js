const replaced = edit_file("lib/rules/quote-props.js", "context.report(", "ctx.report(", { all: true })
replaced
