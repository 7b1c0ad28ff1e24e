export const id = 438;
export const ids = [438];
export const modules = {

/***/ 15438:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   APIConnectionError: () => (/* reexport safe */ _anthropic_ai_vertex_sdk_core_error__WEBPACK_IMPORTED_MODULE_1__.xX),
/* harmony export */   APIError: () => (/* reexport safe */ _anthropic_ai_vertex_sdk_core_error__WEBPACK_IMPORTED_MODULE_1__.LG),
/* harmony export */   APIUserAbortError: () => (/* reexport safe */ _anthropic_ai_vertex_sdk_core_error__WEBPACK_IMPORTED_MODULE_1__.cH),
/* harmony export */   AnthropicVertex: () => (/* reexport safe */ _anthropic_ai_vertex_sdk_client__WEBPACK_IMPORTED_MODULE_0__.d),
/* harmony export */   GoogleAuth: () => (/* reexport safe */ google_auth_library__WEBPACK_IMPORTED_MODULE_2__.GoogleAuth)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_vertex_sdk_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6586);
/* harmony import */ var _anthropic_ai_vertex_sdk_core_error__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(25064);
/* harmony import */ var google_auth_library__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(492);
/* harmony import */ var google_auth_library__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(google_auth_library__WEBPACK_IMPORTED_MODULE_2__);
// The Google Vertex AI client and the Google auth library it authenticates
// with, in their own module so the bundle loads them as a lazy chunk, only on
// a run with provider: vertex. Its errors are the Anthropic SDK's own classes.





/***/ })

};
