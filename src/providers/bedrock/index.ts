export * from './bedrock-converse-api.js';
export * from './create-bedrock-converse-tool-search.js';
export {
  createBedrockConverseTools,
  parseBedrockConverseTools,
  transformBedrockConverseRequest,
  type BedrockConverseWarningCode,
  type TransformBedrockConverseRequestOptions,
  type TransformBedrockConverseRequestResult,
} from './bedrock-converse-codec.js';
export * from './preflight-bedrock-converse-request.js';
