import { describeValue } from '../../errors/describe-value.js';
import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';

/**
 * Adds `beta` to the body's beta list `field` (`anthropic_beta` on Amazon Bedrock, `betas` elsewhere): appended to the
 * caller's list once, or a new list. A value that is not a list is left alone, with the `code` warning.
 */
export function addAnthropicBeta(
  output: Record<string, unknown>,
  field: 'anthropic_beta' | 'betas',
  beta: string,
  code: 'bedrock-beta-not-added' | 'tool-changes-beta-not-added',
  warnings: AnthropicMessagesWarning[],
): void {
  const betas = output[field];
  if (betas === undefined || betas === null) output[field] = [beta];
  else if (!Array.isArray(betas)) {
    warnings.push({
      code,
      message: `\`${field}\` is ${describeValue(betas)}, not a list, so \`${beta}\` could not be added; the API rejects ${code === 'bedrock-beta-not-added' ? 'tool search on Amazon Bedrock' : 'tool changes'} without it. Make \`${field}\` a list`,
    });
  } else if (!betas.includes(beta)) output[field] = [...betas, beta];
}
