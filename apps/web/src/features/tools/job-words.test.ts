import { describe, expect, it } from 'vitest';
import { queuePlace } from './job-words.ts';

describe('queuePlace', () => {
  it('says next for the first, and the English ordinal after', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(queuePlace)).toEqual([
      "You're next in line",
      "You're 2nd in line",
      "You're 3rd in line",
      "You're 4th in line",
      "You're 11th in line",
      "You're 12th in line",
      "You're 13th in line",
      "You're 21st in line",
      "You're 22nd in line",
      "You're 23rd in line",
      "You're 101st in line",
    ]);
  });
});
