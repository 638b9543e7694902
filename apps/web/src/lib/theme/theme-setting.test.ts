import { describe, expect, it } from 'vitest';
import { MANAGED_SETTING, parseThemeSetting, resolvePrimaryColor, settingToSave } from './theme-setting';

describe('parseThemeSetting', () => {
  it('reads valid settings', () => {
    expect(parseThemeSetting('{"provider":"Default","color":""}')).toEqual({ provider: 'Default', color: '' });
    expect(parseThemeSetting('{"provider":"Custom","color":"#12ab34"}')).toEqual({
      provider: 'Custom',
      color: '#12ab34',
    });
  });

  it('treats a bad custom colour, unknown provider or garbage as Managed', () => {
    expect(parseThemeSetting('{"provider":"Custom","color":"red"}')).toEqual(MANAGED_SETTING);
    expect(parseThemeSetting('{"provider":"Custom","color":"#12ab3"}')).toEqual(MANAGED_SETTING);
    expect(parseThemeSetting('{"provider":"Rainbow"}')).toEqual(MANAGED_SETTING);
    expect(parseThemeSetting('not json')).toEqual(MANAGED_SETTING);
    expect(parseThemeSetting(null)).toEqual(MANAGED_SETTING);
  });
});

describe('settingToSave', () => {
  const current = { provider: 'Default' as const, color: '' };

  it('ignores a Custom choice with an invalid colour', () => {
    expect(settingToSave(current, { provider: 'Custom', color: '#xyzxyz' })).toBe(current);
    expect(settingToSave(current, { provider: 'Custom', color: '#fff' })).toBe(current);
  });

  it('keeps valid choices, dropping the colour of non-custom ones', () => {
    expect(settingToSave(current, { provider: 'Custom', color: '#AABBCC' })).toEqual({
      provider: 'Custom',
      color: '#aabbcc',
    });
    expect(settingToSave(current, { provider: 'Managed', color: '#aabbcc' })).toEqual(MANAGED_SETTING);
  });
});

describe('resolvePrimaryColor', () => {
  it('Managed uses the server colour only when it is a valid hex colour', () => {
    expect(resolvePrimaryColor(MANAGED_SETTING, '#112233')).toBe('#112233');
    expect(resolvePrimaryColor(MANAGED_SETTING, 'blue')).toBeNull();
    expect(resolvePrimaryColor(MANAGED_SETTING, null)).toBeNull();
  });

  it('Default always uses the built-in palette', () => {
    expect(resolvePrimaryColor({ provider: 'Default', color: '' }, '#112233')).toBeNull();
  });

  it('Custom uses the user colour, and falls back to Managed when it is invalid', () => {
    expect(resolvePrimaryColor({ provider: 'Custom', color: '#abcdef' }, '#112233')).toBe('#abcdef');
    expect(resolvePrimaryColor({ provider: 'Custom', color: 'nope' }, '#112233')).toBe('#112233');
  });
});
