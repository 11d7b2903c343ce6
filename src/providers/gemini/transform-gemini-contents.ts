import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { resolveWireNameField } from '../../names/resolve-wire-name-field.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { resolveMappedListField } from '../../records/resolve-mapped-list-field.js';
import type { GeminiWarningCode } from './gemini-warning.js';

export function transformGeminiContents(contents: unknown, names: ToolNameMapping, warnings: ToolSearchWarning<GeminiWarningCode>[]): unknown {
  if (isRecord(contents) && Array.isArray(contents.parts)) return transformContent(contents, 'contents', names);
  if (!Array.isArray(contents)) return contents;
  return resolveMappedItems(contents, (content: unknown, index) => {
    if (typeof content === 'string' || (isRecord(content) && !Array.isArray(content.parts))) return content;
    if (!isRecord(content)) {
      warnings.push({
        code: 'unknown-content',
        message: `\`contents[${index}]\` is ${describeValue(content)}, neither a content nor a part; it was kept unchanged`,
      });
      return content;
    }
    return transformContent(content, `contents[${index}]`, names);
  });
}

function transformContent(content: Record<string, unknown>, at: string, names: ToolNameMapping): Record<string, unknown> {
  return resolveMappedListField(content, 'parts', (part: unknown, index) => {
    if (!isRecord(part)) return part;
    for (const snake of ['function_call', 'function_response']) {
      if (part[snake] !== undefined) {
        throw new ToolSearchError(
          'invalid-request',
          `\`${at}.parts[${index}].${snake}\` is a snake_case field; this package reads the camelCase fields only (\`functionCall\`, \`functionResponse\`)`,
        );
      }
    }
    return resolveWireNameField(resolveWireNameField(part, 'functionCall', names.toWire), 'functionResponse', names.toWire);
  });
}
