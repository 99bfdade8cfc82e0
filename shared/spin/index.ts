// Public API of the SPIn v2 wire protocol module. Runs in Node and in the browser: nothing here
// may import 'electron' or node:* modules.

export * from './money';
export * from './enums';
export * from './common';
export * from './result-code';
export * from './requests/payment';
export * from './requests/lookup';
export * from './requests/batch';
export * from './requests/level3';
export * from './requests/display';
export * from './requests/prompts';
export * from './requests/terminal';
export * from './responses/payment';
export * from './responses/lookup';
export * from './responses/batch';
export * from './responses/level3';
export * from './responses/display';
export * from './responses/prompts';
export * from './responses/terminal';
export * from './endpoints';
export { codeCatalogue, explainCode, RETRYABLE_CODES, type CodeInfo } from './codes';
export * from './validation';
export { ruleMessage } from './rules';
