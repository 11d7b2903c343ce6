/** `tool-search/bedrock`: tool search on Amazon Bedrock's Converse API (client-side), for any Bedrock model. @packageDocumentation */
export {
  createBedrockConverseToolSearch,
  type BedrockConverseToolSearch,
  type CreateBedrockConverseToolSearchOptions,
} from './create-bedrock-converse-tool-search.js';
export { createBedrockConverseStreamAccumulator } from './create-bedrock-converse-stream-accumulator.js';
export {
  createBedrockConverseTools,
  parseBedrockConverseTools,
  transformBedrockConverseRequest,
  type BedrockConverseWarningCode,
  type TransformBedrockConverseRequestOptions,
  type TransformBedrockConverseRequestResult,
} from './bedrock-converse-codec.js';
