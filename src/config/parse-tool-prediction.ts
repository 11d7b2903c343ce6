import type { ToolSearchConfigIssue } from '../errors/tool-search-config-error.js';
import { describeValue } from '../errors/describe-value.js';
import { findUnknownKeys } from '../records/find-unknown-keys.js';
import { isRecord } from '../records/is-record.js';
import { DEFAULT_PREDICTED_TOOLS, DEFAULT_PREDICTION_MIN_SCORE, DEFAULT_PREDICTION_MIN_SHARE, type ToolPredictionSettings } from './tool-search-config.js';

const PREDICT_FIELDS = ['maxTools', 'minScore', 'minShare'] as const;

/**
 * Checks a `predict` setting (see `ToolSearchOptions.predict`) written at `path`: `setting` is `undefined` for `auto`
 * (or absent), `off`, or the settings asked for with each missing field at its default (frozen); `issues` lists every
 * broken rule (then `setting` is `undefined`). Not part of the public API.
 */
export function parseToolPrediction(
  value: unknown,
  path: string,
): { readonly setting?: 'off' | ToolPredictionSettings; readonly issues: ToolSearchConfigIssue[] } {
  if (value === undefined || value === 'auto') return { issues: [] };
  if (value === 'off') return { setting: 'off', issues: [] };
  const issues: ToolSearchConfigIssue[] = [];
  const report = (at: string, rule: string, given: unknown) => issues.push({ path: at, message: `\`${at}\` ${rule}, got ${describeValue(given)}` });
  if (!isRecord(value)) {
    report(path, "must be 'auto', 'off' or `{ maxTools, minScore }`", value);
    return { issues };
  }
  const { maxTools = DEFAULT_PREDICTED_TOOLS, minScore = DEFAULT_PREDICTION_MIN_SCORE, minShare = DEFAULT_PREDICTION_MIN_SHARE } = value;
  if (!(typeof maxTools === 'number' && Number.isSafeInteger(maxTools) && maxTools >= 1)) report(`${path}.maxTools`, 'must be a whole number ≥ 1', maxTools);
  if (!(typeof minScore === 'number' && Number.isFinite(minScore) && minScore >= 0)) report(`${path}.minScore`, 'must be a finite number ≥ 0', minScore);
  if (!(typeof minShare === 'number' && minShare >= 0 && minShare <= 1)) report(`${path}.minShare`, 'must be a number from 0 to 1', minShare);
  for (const key of findUnknownKeys(value, PREDICT_FIELDS)) {
    issues.push({
      path: `${path}.${key}`,
      message: `\`${path}\` has an unknown option \`${key}\`; the options are \`maxTools\`, \`minScore\`, \`minShare\``,
    });
  }
  if (issues.length > 0) return { issues };
  return { setting: Object.freeze({ maxTools: maxTools as number, minScore: minScore as number, minShare: minShare as number }), issues };
}

/**
 * The prediction settings a configuration's `predict` stands for: the defaults for `auto` (absent), `null` for `off`.
 * Whether the step applies to a plan is the request decision's (`resolvePredictedLoad`). Not part of the public API.
 */
export function resolveToolPredictionSettings(predict: 'off' | ToolPredictionSettings | undefined): ToolPredictionSettings | null {
  if (predict === 'off') return null;
  return predict ?? DEFAULT_PREDICTION;
}

const DEFAULT_PREDICTION: ToolPredictionSettings = Object.freeze({
  maxTools: DEFAULT_PREDICTED_TOOLS,
  minScore: DEFAULT_PREDICTION_MIN_SCORE,
  minShare: DEFAULT_PREDICTION_MIN_SHARE,
});
