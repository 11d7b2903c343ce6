import type { ToolSearchConfigIssue } from '../errors/tool-search-config-error.js';
import { isRecord } from '../records/is-record.js';
import { numberCheck, optionalCheck, readConfigFields, reportConfigIssue } from './read-config-fields.js';
import { DEFAULT_PREDICTED_TOOLS, DEFAULT_PREDICTION_MIN_SCORE, DEFAULT_PREDICTION_MIN_SHARE, type ToolPredictionSettings } from './tool-search-config.js';

/** The settings' fields and their rules, in the order their problems are reported (unknown fields last). */
const PREDICT_FIELDS = {
  maxTools: /* @__PURE__ */ optionalCheck(/* @__PURE__ */ numberCheck((value) => Number.isSafeInteger(value) && value >= 1, 'must be a whole number ≥ 1')),
  minScore: /* @__PURE__ */ optionalCheck(/* @__PURE__ */ numberCheck((value) => Number.isFinite(value) && value >= 0, 'must be a finite number ≥ 0')),
  minShare: /* @__PURE__ */ optionalCheck(/* @__PURE__ */ numberCheck((value) => value >= 0 && value <= 1, 'must be a number from 0 to 1')),
} as const;

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
  if (!isRecord(value)) {
    reportConfigIssue(issues, path, "must be 'auto', 'off' or `{ maxTools, minScore }`", value);
    return { issues };
  }
  const fields = readConfigFields(value, path, PREDICT_FIELDS, issues);
  if (fields === undefined) return { issues };
  const { maxTools = DEFAULT_PREDICTED_TOOLS, minScore = DEFAULT_PREDICTION_MIN_SCORE, minShare = DEFAULT_PREDICTION_MIN_SHARE } = fields;
  return { setting: Object.freeze({ maxTools, minScore, minShare }), issues };
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
