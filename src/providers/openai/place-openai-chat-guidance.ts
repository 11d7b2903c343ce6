import { describeValue } from '../../errors/describe-value.js';
import { resolveGuidanceContent } from '../../client/resolve-guidance-text.js';
import { TEXT_PART_GUIDANCE } from '../../client/text-part-guidance.js';
import { isRecord } from '../../records/is-record.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { OpenAIChatWarningCode } from './openai-chat-warning.js';

/** Adds, keeps or replaces the note in the system slot; see the transformer's documentation for the placement. */
export function placeOpenAIChatGuidance(messages: unknown[], guidance: string | null, warnings: ToolSearchWarning<OpenAIChatWarningCode>[]): unknown[] {
  const [first, ...rest] = messages;
  if (isRecord(first) && (first.role === 'system' || first.role === 'developer')) {
    const content = resolveGuidanceContent(first.content, guidance, TEXT_PART_GUIDANCE);
    if (content === undefined) {
      if (guidance !== null) {
        warnings.push({
          code: 'guidance-not-added',
          message: `the leading ${first.role} message's content is ${describeValue(first.content)}, neither text nor a list of parts, so the tool search note was not added; the model may call deferred tools without loading them`,
        });
      }
      return messages;
    }
    if (content === first.content) return messages;
    // Only a note this package added can leave the content empty: the message was its own.
    return content === null ? rest : [{ ...first, content }, ...rest];
  }
  if (guidance === null) return messages;
  return [{ role: 'system', content: guidance }, ...messages];
}
