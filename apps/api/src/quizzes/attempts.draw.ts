/**
 * What an attempt shows, drawn at its start and stored with it (a reload shows the same): which
 * questions and in what order (a pool draws `questions_per_attempt` of them), and the seed of its
 * options' order. Grading goes by question and option ids, never by position.
 */
import { randomInt } from "node:crypto";

/** A uniform random integer in [0, max): crypto by default, injectable for tests. */
export type RandomInt = (max: number) => number;
const cryptoRandom: RandomInt = (max) => randomInt(max);

/** `count` of the ids (all when null or more than there are) in a random order (Fisher-Yates). */
export function drawQuestions(
  ids: readonly number[],
  count: number | null,
  random: RandomInt = cryptoRandom,
) {
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return count === null ? out : out.slice(0, count);
}

/** The seed of an attempt's option order (a positive 31-bit integer). */
export const newOptionSeed = (random: RandomInt = cryptoRandom) => 1 + random(2 ** 31 - 2);
