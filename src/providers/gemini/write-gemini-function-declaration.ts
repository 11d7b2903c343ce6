import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import type { GeminiFunctionDeclaration, GeminiRequestShape } from './gemini-api.js';
import { resolveGeminiParametersProblem } from './resolve-gemini-parameters-problem.js';
import type { GeminiWarningCode } from './gemini-warning.js';

/** A caller's declaration sent in full under `wireName`: one schema field, in a form the request's shape accepts. */
export function writeGeminiFunctionDeclaration(
  slot: { readonly declaration: Record<string, unknown>; readonly definition: ToolDefinition },
  name: string,
  wireName: string,
  shape: GeminiRequestShape,
  warnings: ToolSearchWarning<GeminiWarningCode>[],
): GeminiFunctionDeclaration {
  const declaration = slot.declaration;
  const result: GeminiFunctionDeclaration = { ...declaration, name: wireName };
  if (declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined) {
    delete result.parameters;
    warnings.push({
      code: 'parameters-dropped',
      message: `\`${name}\` has both \`parameters\` and \`parametersJsonSchema\`, which Gemini takes one of; \`parametersJsonSchema\` was kept`,
    });
  } else if (declaration.parameters !== undefined && declaration.parameters !== null) {
    const problem = resolveGeminiParametersProblem(declaration.parameters, shape);
    if (problem !== null) {
      delete result.parameters;
      result.parametersJsonSchema = slot.definition.inputSchema;
      warnings.push({
        code: 'parameters-sent-as-json-schema',
        message: `\`${name}\`'s \`parameters\` cannot be sent as they are (${problem}); they were sent as \`parametersJsonSchema\` (JSON Schema) instead`,
      });
    }
  }
  return result;
}
