export const id = 830;
export const ids = [830];
export const modules = {

/***/ 93830:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   APIConnectionError: () => (/* reexport safe */ _anthropic_ai_bedrock_sdk_core_error__WEBPACK_IMPORTED_MODULE_1__.xX),
/* harmony export */   APIError: () => (/* reexport safe */ _anthropic_ai_bedrock_sdk_core_error__WEBPACK_IMPORTED_MODULE_1__.LG),
/* harmony export */   APIUserAbortError: () => (/* reexport safe */ _anthropic_ai_bedrock_sdk_core_error__WEBPACK_IMPORTED_MODULE_1__.cH),
/* harmony export */   AnthropicBedrock: () => (/* reexport safe */ _anthropic_ai_bedrock_sdk_client__WEBPACK_IMPORTED_MODULE_0__.l)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_bedrock_sdk_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(12436);
/* harmony import */ var _anthropic_ai_bedrock_sdk_core_error__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(25064);
// The Amazon Bedrock client, in its own module so the bundle loads it (and the
// AWS signing and credential code it brings) as a lazy chunk, only on a run
// with provider: bedrock. Its errors are the Anthropic SDK's own classes.




/***/ })

};
