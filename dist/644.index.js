export const id = 644;
export const ids = [644];
export const modules = {

/***/ 19644:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   APIConnectionError: () => (/* reexport safe */ _anthropic_ai_sdk_error__WEBPACK_IMPORTED_MODULE_1__.xX),
/* harmony export */   APIError: () => (/* reexport safe */ _anthropic_ai_sdk_error__WEBPACK_IMPORTED_MODULE_1__.LG),
/* harmony export */   APIUserAbortError: () => (/* reexport safe */ _anthropic_ai_sdk_error__WEBPACK_IMPORTED_MODULE_1__.cH),
/* harmony export */   BaseAnthropic: () => (/* reexport safe */ _anthropic_ai_sdk_client__WEBPACK_IMPORTED_MODULE_0__.q),
/* harmony export */   Messages: () => (/* reexport safe */ _anthropic_ai_sdk_resources_messages_messages__WEBPACK_IMPORTED_MODULE_2__.B2)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_sdk_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54482);
/* harmony import */ var _anthropic_ai_sdk_error__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(25064);
/* harmony import */ var _anthropic_ai_sdk_resources_messages_messages__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(35643);
// The parts of the Anthropic SDK Deckhand uses, in one module so the bundle
// loads them as one lazy chunk: the base client and the Messages resource
// (the full client registers every API resource and costs twice the start-up).





/***/ })

};
