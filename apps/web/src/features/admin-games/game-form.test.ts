import { DEFAULT_BLOOD_BONUS, type GameInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { toGameEditModel, toGameFormValues } from './game-form';

const game: GameInfoModel = {
  id: 3,
  title: 'Spring CTF',
  hidden: false,
  summary: 'A game',
  content: '# Hello',
  acceptWithoutReview: true,
  writeupRequired: false,
  inviteCode: null,
  teamMemberCountLimit: 4,
  containerCountLimit: 3,
  poster: null,
  publicKey: 'key',
  practiceMode: true,
  start: new Date(2026, 3, 1, 10, 0).getTime(),
  end: new Date(2026, 3, 3, 10, 0).getTime(),
  writeupDeadline: new Date(2026, 3, 5, 10, 0).getTime(),
  writeupNote: '',
  bloodBonus: DEFAULT_BLOOD_BONUS,
  flagFormat: 'cc',
  flagFormatCheck: true,
  freezeAt: new Date(2026, 3, 3, 8, 0).getTime(),
  scoreboardRevealed: false,
  individual: true,
  memberProgress: false,
};

describe('game form mapping', () => {
  it('round-trips a game', () => {
    const values = toGameFormValues(game);
    expect(values.bloodBonus).toEqual({ first: 5, second: 3, third: 1 });
    expect(values.inviteCode).toBe('');
    // Visibility is the publish step's alone: the settings form never sends it.
    const { id: _id, poster: _poster, publicKey: _key, hidden: _hidden, scoreboardRevealed: _r, ...editable } = game;
    expect(toGameEditModel(values)).toEqual(editable);
    expect(toGameEditModel({ ...values, hidden: true })).not.toHaveProperty('hidden');
  });

  it('turns a blank invite code into null and keeps a real one', () => {
    expect(toGameEditModel({ ...toGameFormValues(game), inviteCode: '  ' })?.inviteCode).toBeNull();
    expect(toGameEditModel({ ...toGameFormValues(game), inviteCode: ' abc ' })?.inviteCode).toBe('abc');
  });

  it('turns a blank flag format into null and trims a real one', () => {
    expect(toGameEditModel({ ...toGameFormValues(game), flagFormat: ' ' })?.flagFormat).toBeNull();
    expect(toGameEditModel({ ...toGameFormValues(game), flagFormat: ' cc ' })?.flagFormat).toBe('cc');
    expect(toGameFormValues({ ...game, flagFormat: null }).flagFormat).toBe('');
  });

  it('turns a blank freeze into null and refuses a malformed one', () => {
    expect(toGameEditModel({ ...toGameFormValues(game), freezeAt: '' })?.freezeAt).toBeNull();
    expect(toGameFormValues({ ...game, freezeAt: null }).freezeAt).toBe('');
    expect(toGameEditModel({ ...toGameFormValues(game), freezeAt: '2026-13-40T99:00' })).toBeNull();
  });

  it('uses the end as write-up deadline when none is given', () => {
    expect(toGameEditModel({ ...toGameFormValues(game), writeupDeadline: '' })?.writeupDeadline).toBe(game.end);
  });

  it('packs the blood bonus percentages', () => {
    const model = toGameEditModel({ ...toGameFormValues(game), bloodBonus: { first: 10, second: 0, third: 0 } });
    expect(model?.bloodBonus).toBe(100 << 20);
  });

  it('refuses bad times and out-of-range bonuses', () => {
    expect(toGameEditModel({ ...toGameFormValues(game), start: '' })).toBeNull();
    expect(toGameEditModel({ ...toGameFormValues(game), bloodBonus: { first: 101, second: 0, third: 0 } })).toBeNull();
  });
});
