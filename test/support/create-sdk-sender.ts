import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { GoogleGenAI, type GenerateContentParameters } from '@google/genai';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import type { WireAPI } from '../../src/models/model-reference.js';

/**
 * Sends a request body with the API's official SDK client, pointed at a local server at `url`, and returns what the
 * SDK returned. A Messages body with `betas` (tool additions) goes through the beta client, which sends them as the
 * `anthropic-beta` header.
 */
export function createSDKSender(api: WireAPI, url: string): (request: Record<string, unknown>) => Promise<unknown> {
  switch (api) {
    case 'openai-responses': {
      const client = new OpenAI({ baseURL: url, apiKey: 'test', maxRetries: 0 });
      return (request) => client.responses.create(request as unknown as ResponseCreateParamsNonStreaming);
    }
    case 'openai-chat': {
      const client = new OpenAI({ baseURL: url, apiKey: 'test', maxRetries: 0 });
      return (request) => client.chat.completions.create(request as unknown as ChatCompletionCreateParamsNonStreaming);
    }
    case 'anthropic-messages': {
      const client = new Anthropic({ baseURL: url, apiKey: 'test', maxRetries: 0 });
      return (request) =>
        request.betas === undefined
          ? client.messages.create(request as unknown as MessageCreateParamsNonStreaming)
          : client.beta.messages.create(request as never);
    }
    case 'gemini': {
      const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: url, retryOptions: { attempts: 1 } } });
      return (request) => client.models.generateContent(request as unknown as GenerateContentParameters);
    }
    case 'bedrock-converse': {
      const client = new BedrockRuntimeClient({
        endpoint: url,
        region: 'us-east-1',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        maxAttempts: 1,
      });
      return (request) => client.send(new ConverseCommand(request as unknown as ConverseCommandInput));
    }
  }
}
