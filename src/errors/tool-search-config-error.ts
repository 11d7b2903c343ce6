import { ToolSearchError } from './tool-search-error.js';

/** One rule a configuration broke: where (`path`, as the caller wrote it) and what the rule says. */
export interface ToolSearchConfigIssue {
  /** The field, written the way the caller spelled it, e.g. `capabilities[1].config.never_defer`. */
  readonly path: string;
  /** The whole sentence: the field, the rule and the value given. */
  readonly message: string;
}

/**
 * Thrown by `parseToolSearchConfig` (and everything that accepts a configuration) when the configuration is
 * invalid. Its message names the field, the rule and the value given; `issues` lists every broken rule.
 */
export class ToolSearchConfigError extends ToolSearchError {
  /** Every rule the configuration broke, in the order found. Never empty. */
  readonly issues: readonly ToolSearchConfigIssue[];

  constructor(issues: readonly ToolSearchConfigIssue[]) {
    super('invalid-config', `Invalid tool search configuration: ${issues.map((issue) => issue.message).join('; ')}`);
    this.name = 'ToolSearchConfigError';
    this.issues = issues;
  }
}
