// web-tree-sitter through its CommonJS build: ncc breaks the ESM build's
// `await import("module")` (toolchain.md, gotcha 2).
'use strict';
const { Parser, Language } = require('web-tree-sitter');

module.exports = { Parser, Language };
