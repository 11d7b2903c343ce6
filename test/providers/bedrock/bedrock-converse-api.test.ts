/**
 * Type tests: `tsc -p tsconfig.test.json --noEmit` fails when the wire types or the transformer's output stop being
 * accepted by `@aws-sdk/client-bedrock-runtime`'s `ConverseCommand`. The runtime assertions only keep vitest honest.
 */
import type {
  ContentBlock,
  ConverseCommandInput,
  ConverseCommandOutput,
  ConverseStreamCommandOutput,
  ConverseStreamOutput,
  Message,
  SystemContentBlock,
  Tool,
  ToolChoice,
} from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  BedrockConverseContentBlock,
  BedrockConverseMessage,
  BedrockConverseRequest,
  BedrockConverseStreamEvent,
  BedrockConverseTool,
  BedrockConverseToolChoice,
} from '../../../src/providers/bedrock/bedrock-converse-api.js';
import { transformBedrockConverseRequest } from '../../../src/providers/bedrock/index.js';
import type { BedrockConverseToolSearch } from '../../../src/providers/bedrock/create-bedrock-converse-tool-search.js';
import { bedrockPlan, bedrockTools } from '../../support/bedrock-converse-bodies.js';

describe('the Bedrock Converse wire types', () => {
  it('take what the AWS SDK gives a streaming loop: ConverseStreamOutput events, the ConverseStreamCommand output', () => {
    type Handled = Parameters<Awaited<ReturnType<BedrockConverseToolSearch['prepare']>>['handle']>[0];
    const accepted = {
      event: (value: ConverseStreamOutput): BedrockConverseStreamEvent => value,
      output: (value: ConverseCommandOutput): Handled => value,
      streamOutput: (value: ConverseStreamCommandOutput): Handled => value,
      stream: (value: NonNullable<ConverseStreamCommandOutput['stream']>): Handled => value,
    };
    expect(Object.keys(accepted)).toHaveLength(4);
  });

  it('are accepted where the AWS SDK takes a request, a tool, a message, a block and a tool choice', () => {
    // Each line fails to compile when the wire type stops being assignable to the SDK's (its unions mark the other
    // members' fields `never`, which expectTypeOf's toExtend does not read as assignability).
    const accepted = {
      request: (value: BedrockConverseRequest): ConverseCommandInput => value,
      tool: (value: BedrockConverseTool): Tool => value,
      message: (value: BedrockConverseMessage): Message => value,
      block: (value: BedrockConverseContentBlock): ContentBlock => value,
      system: (value: NonNullable<BedrockConverseRequest['system']>[number]): SystemContentBlock => value,
      toolChoice: (value: BedrockConverseToolChoice): ToolChoice => value,
    };
    expect(Object.keys(accepted)).toHaveLength(6);
  });

  it('let a transformed SDK input go straight to new ConverseCommand', () => {
    const input: ConverseCommandInput = {
      modelId: 'amazon.nova-pro-v1:0',
      messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      toolConfig: { tools: bedrockTools(20) as Tool[] },
    };
    const result = transformBedrockConverseRequest(input, bedrockPlan(input));
    expectTypeOf(result.body).toEqualTypeOf<ConverseCommandInput>();
    expect(result.body.toolConfig?.tools).toHaveLength(21);
  });
});
