export const id = 907;
export const ids = [907];
export const modules = {

/***/ 6907:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

// web-tree-sitter through its CommonJS build: ncc breaks the ESM build's
// `await import("module")` (toolchain.md, gotcha 2).

const { Parser, Language } = __webpack_require__(551);

module.exports = { Parser, Language };


/***/ })

};
