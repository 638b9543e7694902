import { describe, expect, it } from 'vitest';
import { completePluralForms } from './plural-forms';

describe('completePluralForms', () => {
  it('adds the Russian few and many forms from the language’s own other form', () => {
    const completed = completePluralForms(
      { solves: { count_one: '{{count}} решение', count_other: 'Решений: {{count}}' } },
      'ru-RU',
    );
    expect(completed).toEqual({
      solves: {
        count_one: '{{count}} решение',
        count_other: 'Решений: {{count}}',
        count_few: 'Решений: {{count}}',
        count_many: 'Решений: {{count}}',
      },
    });
  });

  it('keeps forms a file already has and adds nothing for English', () => {
    const english = { count_one: 'one', count_other: 'other' };
    expect(completePluralForms(english, 'en-US')).toEqual(english);
    const withFew = { count_one: 'a', count_few: 'b', count_other: 'c' };
    expect(completePluralForms(withFew, 'ru-RU')).toMatchObject({ count_few: 'b', count_many: 'c' });
  });
});
