export const id = 632;
export const ids = [632];
export const modules = {

/***/ 97632:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

// web-tree-sitter through its CommonJS build: ncc breaks the ESM build's
// `await import("module")` (toolchain.md, gotcha 2).

const { Parser, Language } = __webpack_require__(10551);

module.exports = { Parser, Language };


/***/ })

};
