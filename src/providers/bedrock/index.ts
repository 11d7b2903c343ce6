/** `tool-search/bedrock`: tool search on Amazon Bedrock's Converse API (client-side), for any Bedrock model. @packageDocumentation */
export {
  createBedrockConverseToolSearch,
  type BedrockConverseToolSearch,
  type CreateBedrockConverseToolSearchOptions,
} from './create-bedrock-converse-tool-search.js';
export { createBedrockConverseStreamAccumulator } from './create-bedrock-converse-stream-accumulator.js';
export { createBedrockConverseTools } from './create-bedrock-converse-tools.js';
export { parseBedrockConverseTools } from './parse-bedrock-converse-tools.js';
export type { BedrockConverseWarningCode } from './bedrock-converse-codec.js';
export {
  transformBedrockConverseRequest,
  type TransformBedrockConverseRequestOptions,
  type TransformBedrockConverseRequestResult,
} from './transform-bedrock-converse-request.js';
