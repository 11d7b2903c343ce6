import { describe, expect, it } from 'vitest';
import { parseToolPrediction, resolveToolPredictionSettings } from '../../src/config/parse-tool-prediction.js';

describe('parseToolPrediction', () => {
  it('reads auto (or nothing) as the defaults and off as off', () => {
    expect(parseToolPrediction(undefined, 'predict')).toEqual({ issues: [] });
    expect(parseToolPrediction('auto', 'predict')).toEqual({ issues: [] });
    expect(parseToolPrediction('off', 'predict')).toEqual({ setting: 'off', issues: [] });
    expect(resolveToolPredictionSettings(undefined)).toEqual({ maxTools: 3, minScore: 2, minShare: 0.25 });
    expect(resolveToolPredictionSettings('off')).toBeNull();
  });

  it('fills each field not given with its default', () => {
    expect(parseToolPrediction({ minShare: 0 }, 'predict').setting).toEqual({ maxTools: 3, minScore: 2, minShare: 0 });
    expect(parseToolPrediction({ maxTools: 5, minScore: 1 }, 'predict').setting).toEqual({ maxTools: 5, minScore: 1, minShare: 0.25 });
  });

  it.each([
    [{ maxTools: 0 }, '`predict.maxTools` must be a whole number ≥ 1, got 0'],
    [{ minScore: -1 }, '`predict.minScore` must be a finite number ≥ 0, got -1'],
    [{ minShare: 1.5 }, '`predict.minShare` must be a number from 0 to 1, got 1.5'],
    [{ minShare: Number.NaN }, '`predict.minShare` must be a number from 0 to 1, got NaN'],
    [{ minShare: '0.5' }, '`predict.minShare` must be a number from 0 to 1, got "0.5" (a string)'],
    [{ margin: 0.5 }, '`predict` has an unknown option `margin`; the options are `maxTools`, `minScore`, `minShare`'],
  ])('reports %j', (value, message) => {
    const { setting, issues } = parseToolPrediction(value, 'predict');
    expect(setting).toBeUndefined();
    expect(issues.map((issue) => issue.message)).toEqual([message]);
  });
});
