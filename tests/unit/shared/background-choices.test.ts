import { describe, expect, it } from 'vitest';
import { parseColor } from '../../../src/domain/background-colors.js';
import { DEFAULT_BACKGROUND_COLOR } from '../../../src/shared/background-choices.js';
import { ANIMATION_TYPES, COLOR_PRESETS } from '../../../src/shared/background-choices.js';
import { validateBackgroundInput } from '../../../src/validation/background.validation.js';

describe('picker choices', () => {
  it('offers 12 colour presets, the default first, each valid with a Turkish name', () => {
    expect(COLOR_PRESETS).toHaveLength(12);
    expect(COLOR_PRESETS[0]?.value).toBe(DEFAULT_BACKGROUND_COLOR);
    expect(new Set(COLOR_PRESETS.map((p) => p.value)).size).toBe(12);
    expect(new Set(COLOR_PRESETS.map((p) => p.name)).size).toBe(12);
    for (const preset of COLOR_PRESETS) {
      expect(parseColor(preset.value)).toBe(preset.value);
      expect(parseColor(preset.dark)).toBe(preset.dark);
      expect(preset.name.trim()).not.toBe('');
      expect(validateBackgroundInput('color', preset.value)).toBe(preset.value);
    }
  });

  it('offers the four animation types with Turkish labels', () => {
    expect(ANIMATION_TYPES.map((t) => [t.type, t.label])).toEqual([
      ['gradient', 'Renk Geçişi'],
      ['particles', 'Parçacıklar'],
      ['waves', 'Dalgalar'],
      ['geometry', 'Geometri'],
    ]);
  });
});
